/*
 * tabhost_bundle_files.h: the file-system calls installing a bundle needs that Swift's Glibc module does
 * not expose (renameat2 with RENAME_EXCHANGE or RENAME_NOREPLACE).
 */
#ifndef TABHOST_BUNDLE_FILES_H
#define TABHOST_BUNDLE_FILES_H

#pragma clang assume_nonnull begin

/** Swaps `from` (relative to `fromDirectory`) and `to` (relative to `toDirectory`) atomically; both must
 *  exist. 0, or -1 with errno set. */
int tabhost_rename_exchange(int fromDirectory, const char *from, int toDirectory, const char *to);

/** Renames `from` to `to` only when `to` does not exist (EEXIST otherwise). 0, or -1 with errno set. */
int tabhost_rename_noreplace(int fromDirectory, const char *from, int toDirectory, const char *to);

#pragma clang assume_nonnull end

#endif /* TABHOST_BUNDLE_FILES_H */
