/*
 * tabhost_build_info.h: facts recorded when TabHost was built, which a running host cannot read off
 * itself (a release `tabhost` links the Swift runtime statically, so its own map names no runtime).
 */
#ifndef TABHOST_BUILD_INFO_H
#define TABHOST_BUILD_INFO_H

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/** The Swift runtime directory of the toolchain that built TabHost (`…/lib/swift/linux`), which a Swift
 *  module's RUNPATH names; NULL when the build could not tell. */
const char *_Nullable tabhost_isolation_swift_runtime_directory(void);

/** The file that holds this process's Swift runtime (`swift_retain`), as the dynamic loader names it:
 *  `…/libswiftCore.so` when the runtime is a shared library, the executable itself when it is linked
 *  statically; NULL without a Swift runtime. */
const char *_Nullable tabhost_isolation_mapped_swift_runtime(void);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif /* TABHOST_BUILD_INFO_H */
