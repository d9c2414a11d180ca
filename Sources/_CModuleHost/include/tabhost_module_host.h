/*
 * tabhost_module_host.h: the module child as a library. tabhost-module-host's main() is
 * tabhost_module_host_run(); the fuzzer and the leak check link the same code and drive its request
 * decoder directly, instead of including or copying the child's source.
 */
#ifndef TABHOST_MODULE_HOST_H
#define TABHOST_MODULE_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "tab_module.h"

#ifdef __cplusplus
extern "C" {
#endif

#pragma clang assume_nonnull begin

/**
 * The child's whole life: checks that the host started it (`--parent PID`), says HELLO on descriptor 3
 * and serves the host's requests until the host goes. Returns only on a usage error (status 64).
 */
int tabhost_module_host_run(int argc, char *_Nonnull *_Nonnull argv);

/** Serves `module` as if LOAD had opened it, on the calling thread (the fuzzer's module, linked in). */
void tabhost_module_host_use_module(const tab_module_descriptor *module);

/**
 * Serves one request as the child's loop does: `type` and `seq` as in the frame's header, `count` bytes
 * of `payload` (copied). Replies and notifications go to descriptor 3.
 */
void tabhost_module_host_serve(uint16_t type, uint32_t seq, const void *_Nullable payload, size_t count);

/** Destroys every instance, as when the host ends, so that nothing is carried into the next input. */
void tabhost_module_host_destroy_instances(void);

#pragma clang assume_nonnull end

#ifdef __cplusplus
}
#endif

#endif /* TABHOST_MODULE_HOST_H */
