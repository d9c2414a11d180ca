/*
 * fancybar: a replaced ("fake") tab bar. Draws every item of its container as
 * a button "[★ Title (3)]" whose action id is the item's decimal index; the
 * host maps the action to a selection, like tags on the fake bar's buttons.
 */
#include "tab_module.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct fancybar {
    const tab_host_api *api;
    tab_host *host;
} fancybar;

static void *fancybar_create(const tab_host_api *api, tab_host *host) {
    fancybar *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void fancybar_render(void *opaque, tab_view *view) {
    fancybar *self = opaque;
    size_t count = self->api->tab_count(self->host);
    for (size_t i = 0; i < count; i++) {
        tab_bar_item item = {.struct_size = sizeof(tab_bar_item)};
        if (!self->api->tab_item(self->host, i, &item)) continue;
        char label[192];
        char badge[48] = "";
        if (item.badge != NULL) snprintf(badge, sizeof(badge), " (%s)", item.badge);
        snprintf(label, sizeof(label), "%s%s%s%s%s%s", item.selected ? "[" : " ",
                 item.glyph != NULL ? item.glyph : "", item.glyph != NULL ? " " : "",
                 item.title != NULL ? item.title : "?", badge, item.selected ? "]" : " ");
        char action[24];
        snprintf(action, sizeof(action), "%zu", i);
        self->api->button(view, label, action);
    }
}

static void fancybar_destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .kind = TAB_MODULE_KIND_TAB_BAR,
    .name = "fancybar",
    .version = "1.0.0",
    .title = "Fancy bar",
    .image = "TabHost_TabExampleFancyBar.resources/assets/fancybar.svg",
    .glyph = "▤",
    .create = fancybar_create,
    .render = fancybar_render,
    .destroy = fancybar_destroy,
};

TAB_MODULE_DECLARE(descriptor)
