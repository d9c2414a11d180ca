/*
 * tabhost_blame.h: the module child's watchdog. Each module call the child serves is noted when it
 * begins and ends; one that runs for TABHOST_BLAME_AFTER_MS has the stack of the thread running it
 * (the child's main thread) sent to the host's log once, each frame with its symbol where dladdr finds
 * one and always its file and offset, so that `addr2line -f -e FILE OFFSET` names a static function.
 * Private to _CModuleHost.
 */
#ifndef TABHOST_BLAME_H
#define TABHOST_BLAME_H

#include <stdint.h>

#pragma clang assume_nonnull begin

/* How long a call runs before its stack is taken. */
#define TABHOST_BLAME_AFTER_MS 1000

/* How one line of a report reaches the host (the module's log, for instance `id`); called on the
   watchdog's thread. */
typedef void (*tabhost_blame_log_fn)(uint64_t id, const char *line);

/* Loads what taking a stack needs (backtrace dlopens libgcc's unwinder): before the sandbox, which
   may refuse the unwinder's path. */
void tabhost_blame_warm_up(void);

/* Installs the signal handler and starts the watchdog thread, which reports through `log` for module
   `module_name` (copied). Called once on the main thread, after the sandbox (which wants a single
   thread for its user namespace, and moves the process into a PID namespace of its own by forking)
   and before the module is loaded. Returns 0, or -1 when the watchdog could not start (calls are then
   not watched). */
int tabhost_blame_start(const char *module_name, tabhost_blame_log_fn log);

/* A call of kind `call` ("render", a string literal) on instance `id` begins on the main thread. Calls
   nest (one served while the module waits for the host): the innermost is watched. */
void tabhost_blame_begin(const char *call, uint64_t id);

/* The innermost call returned; the one it nested in, if any, is watched again from where its clock
   stood. */
void tabhost_blame_end(void);

#pragma clang assume_nonnull end

#endif /* TABHOST_BLAME_H */
