#include "tabhost_build_info.h"

#include <stddef.h>

const char *tabhost_isolation_swift_runtime_directory(void) {
#ifdef TABHOST_SWIFT_RUNTIME_DIR
    return TABHOST_SWIFT_RUNTIME_DIR;
#else
    return NULL;
#endif
}
