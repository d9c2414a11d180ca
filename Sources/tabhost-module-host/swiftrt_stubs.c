/*
 * SwiftPM links every executable through swiftc, which adds swiftrt.o: its constructor registers
 * the image's Swift metadata with libswiftCore. This helper has no Swift code, so these two local
 * no-ops satisfy swiftrt.o and nothing of the static libswiftCore is linked (libstdc++ and libm are
 * dropped by Linker/ModuleHost): the child of a C module starts faster and smaller (docs/user/isolation.md;
 * figures in docs/contributing/performance-history.md).
 *
 * Hidden, so they never enter the dynamic symbol table: a Swift module the child loads still
 * registers its own metadata with the real runtime it links.
 */
#include <stdint.h>

__attribute__((visibility("hidden"))) void swift_addNewDSOImage(const void *image);
__attribute__((visibility("hidden"))) void swift_addNewDSOImage(const void *image) { (void)image; }

__attribute__((visibility("hidden"))) int _swift_backtrace_isThunkFunction(const char *name);
__attribute__((visibility("hidden"))) int _swift_backtrace_isThunkFunction(const char *name) {
    (void)name;
    return 0;
}
