#!/usr/bin/env bash
# gen_modules.sh DIR N: writes N tiny, distinct C tab modules (mod-0001 … mod-N) and compiles
# each into DIR/mod-NNNN.so with `cc -shared -fPIC` (two compilers at a time), for benchmarks.
# Each module names itself after its file, so a loader that returns the wrong image is caught.
# Environment: CC (default cc), JOBS (default 2).
set -euo pipefail

if [[ $# -ne 2 || ! "$2" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: gen_modules.sh DIR N   (N a positive integer)" >&2
    exit 2
fi
dir=$1
count=$2
repo=$(cd "$(dirname "$0")/../.." && pwd)
include="$repo/Sources/CTabModule/include"
[[ -f "$include/tab_module.h" ]] || { echo "$include/tab_module.h: missing; run from a TabHost checkout" >&2; exit 1; }
width=$(( ${#count} > 4 ? ${#count} : 4 ))

mkdir -p "$dir"
src=$(mktemp -d "${TMPDIR:-/tmp}/tabhost-gen.XXXXXX")
trap 'rm -rf "$src"' EXIT

for ((i = 1; i <= count; i++)); do
    name=$(printf "mod-%0${width}d" "$i")
    cat > "$src/$name.c" <<C
#include <stdlib.h>
#include "tab_module.h"

typedef struct { const tab_host_api *api; tab_host *host; int counter; } instance;

static void *create(const tab_host_api *api, tab_host *host) {
    instance *self = calloc(1, sizeof *self);
    if (self) { self->api = api; self->host = host; self->counter = $i; }
    return self;
}

static void render(void *self, tab_view *view) {
    instance *me = self;
    me->api->text(view, "$name");
}

static void destroy(void *self) { free(self); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .name = "$name",
    .version = "1",
    .title = "Module $i",
    .create = create,
    .render = render,
    .destroy = destroy,
};

TAB_MODULE_DECLARE(descriptor)
C
done

export CC="${CC:-cc}" include src dir
find "$src" -name '*.c' -print0 | sort -z |
    xargs -0 -P "${JOBS:-2}" -n 16 sh -c '
        for c in "$@"; do
            base=$(basename "$c" .c)
            "$CC" -shared -fPIC -O1 -Wall -Wextra -Werror -I "$include" -o "$dir/$base.so.tmp" "$c" &&
                mv -f "$dir/$base.so.tmp" "$dir/$base.so" || exit 255
        done' sh
echo "gen_modules: $count modules in $dir"
