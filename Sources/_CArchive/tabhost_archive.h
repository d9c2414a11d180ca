/*
 * tabhost_archive.h: libarchive (Debian libarchive-dev, pkg-config libarchive) for TabModuleBundle alone:
 * reading (and, for `pack`, writing) `.tabmod` bundles, tar with gzip or zstd. Upstream fuzzes its
 * readers; TabModuleBundle still refuses every entry that is not a plain file or directory it expects.
 */
#ifndef TABHOST_ARCHIVE_H
#define TABHOST_ARCHIVE_H

#include <archive.h>
#include <archive_entry.h>

#endif /* TABHOST_ARCHIVE_H */
