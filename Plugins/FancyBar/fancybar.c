/* Placeholder: replaced by the real example. */
#include "tab_module.h"
#include <stdlib.h>
static void *create(const tab_host_api *api, tab_host *host) { (void)api; (void)host; return malloc(1); }
static void render(void *self, tab_view *view) { (void)self; (void)view; }
static void destroy(void *self) { free(self); }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "fancybar", .title = "FancyBar", .create = create, .render = render, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
