/* Header-only target: tab_module.h is the module ABI. This file only gives SwiftPM a source. */
#include "tab_module.h"
