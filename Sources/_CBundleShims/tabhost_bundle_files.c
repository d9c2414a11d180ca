#define _GNU_SOURCE
#include "tabhost_bundle_files.h"

#include <fcntl.h>
#include <stdio.h>

int tabhost_rename_exchange(int fromDirectory, const char *from, int toDirectory, const char *to) {
    return renameat2(fromDirectory, from, toDirectory, to, RENAME_EXCHANGE);
}

int tabhost_rename_noreplace(int fromDirectory, const char *from, int toDirectory, const char *to) {
    return renameat2(fromDirectory, from, toDirectory, to, RENAME_NOREPLACE);
}
