/*
 * accounts: the root list of accounts (Tweetie's first screen).
 * Activating a row pushes the "@account" tab container (declared in the layout)
 * onto this tab's own stack, started with the account name.
 */
#include "tab_module.h"

#include <stdlib.h>
#include <string.h>

static const char *const account_names[] = {"Jack", "Jill", "John"};
enum { account_count = sizeof(account_names) / sizeof(account_names[0]) };

typedef struct accounts {
    const tab_host_api *api;
    tab_host *host;
} accounts;

static void *accounts_create(const tab_host_api *api, tab_host *host) {
    accounts *self = calloc(1, sizeof(*self));
    if (self == NULL) return NULL;
    self->api = api;
    self->host = host;
    return self;
}

static void accounts_render(void *opaque, tab_view *view) {
    accounts *self = opaque;
    self->api->section(view, "Accounts");
    for (int i = 0; i < account_count; i++) {
        /* The action id is the account name: the event handler pushes it as the param. */
        self->api->row(view, account_names[i], NULL, account_names[i]);
    }
    /* A second tab container, for the dynamic-tab demo (declared as "@workspace" in the layout). */
    self->api->section(view, "Workspace");
    self->api->row(view, "Dynamic tabs", NULL, "@workspace");
}

static void accounts_event(void *opaque, const tab_event *event) {
    accounts *self = opaque;
    if (event->type != TAB_EVENT_ACTION || event->action == NULL) return;
    if (strcmp(event->action, "@workspace") == 0) {
        if (!self->api->push(self->host, "@workspace", "Workspace", TAB_PUSH_OWN_STACK)) {
            self->api->log(self->host, TAB_LOG_ERROR, "accounts: cannot push @workspace");
        }
        return;
    }
    for (int i = 0; i < account_count; i++) {
        if (strcmp(event->action, account_names[i]) == 0) {
            if (!self->api->push(self->host, "@account", account_names[i], TAB_PUSH_OWN_STACK)) {
                self->api->log(self->host, TAB_LOG_ERROR, "accounts: cannot push @account");
            }
            return;
        }
    }
}

static void accounts_destroy(void *opaque) { free(opaque); }

static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER,
    .kind = TAB_MODULE_KIND_CONTENT,
    .name = "accounts",
    .version = "1.0.0",
    .title = "Accounts",
    .image = "TabHost_TabExampleAccounts.resources/assets/accounts.svg",
    .glyph = "☺",
    .create = accounts_create,
    .render = accounts_render,
    .event = accounts_event,
    .destroy = accounts_destroy,
};

TAB_MODULE_DECLARE(descriptor)
