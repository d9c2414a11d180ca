/*
 * tabhost_ltdl.h: the only door to the dynamic loader in TabHost.
 *
 * Wraps libltdl. libltdl keeps global state without locking, so every
 * function here takes one process-wide mutex: callers on any thread are
 * serialized. Errors are copied out under the same lock, since lt_dlerror()
 * is a single global slot.
 */
#ifndef TABHOST_LTDL_H
#define TABHOST_LTDL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An open image. Opaque. */
typedef struct tabhost_lt_image tabhost_lt_image;

/**
 * Initializes libltdl once (later calls are no-ops).
 * Returns 0 on success; on failure writes a message into `error` (NUL-terminated, truncated to `error_cap`).
 */
int tabhost_lt_init(char *_Nullable error, size_t error_cap);

/**
 * Opens `path` exactly (no extension search, no search path), with local
 * symbols (RTLD_LOCAL), so modules cannot see or clash with each other.
 * Returns NULL on failure and writes the loader's message into `error`.
 */
tabhost_lt_image *_Nullable tabhost_lt_open(const char *_Nonnull path,
                                            char *_Nullable error, size_t error_cap);

/** Looks up `symbol` in `image`; NULL if absent (message in `error`). */
void *_Nullable tabhost_lt_symbol(tabhost_lt_image *_Nonnull image, const char *_Nonnull symbol,
                                  char *_Nullable error, size_t error_cap);

/** Marks `image` resident: tabhost_lt_close will never unmap it (for images with Swift code). Returns 0 on success. */
int tabhost_lt_make_resident(tabhost_lt_image *_Nonnull image);

/** Returns nonzero if `image` is resident. */
int tabhost_lt_is_resident(tabhost_lt_image *_Nonnull image);

/** Closes `image` (a resident image stays mapped). Returns 0 on success. */
int tabhost_lt_close(tabhost_lt_image *_Nonnull image, char *_Nullable error, size_t error_cap);

#ifdef __cplusplus
}
#endif

#endif /* TABHOST_LTDL_H */
