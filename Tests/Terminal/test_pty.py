"""The terminal front end from outside: the real `tabhost run` in a pseudo-terminal read by a VT emulator
(pyte), with modules built from tab_module.h alone. A module spinning forever in `event` must leave the
other tab's switches and presses working, and say on its own tab that it is not responding, as must one
spinning in `create`; keys typed for a tab whose first view is still on its way act on that view.

Run by Scripts/test after `swift test` (the built .build/debug/tabhost, or $TABHOST):
    python3 -m unittest discover -s Tests/Terminal -v
"""

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import tempfile
import termios
import time
import unittest

import pyte

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABHOST = os.environ.get("TABHOST", os.path.join(ROOT, ".build", "debug", "tabhost"))
INCLUDE = os.path.join(ROOT, "Sources", "CTabModule", "include")
COLUMNS, LINES = 100, 30

MODULE = """
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct m {{ const tab_host_api *api; tab_host *host; int presses; }} m;
static volatile unsigned long spins;
static void *create(const tab_host_api *api, tab_host *host) {{
    m *self = calloc(1, sizeof *self);
    if (self != NULL) {{ self->api = api; self->host = host; }}
    return self;
}}
static void render(void *opaque, tab_view *view) {{
    m *self = opaque;
    char line[64];
    snprintf(line, sizeof line, "{title} presses %d", self->presses);
    self->api->text(view, line);
    self->api->button(view, "{button}", "press");
}}
static void event(void *opaque, const tab_event *e) {{
    m *self = opaque;
    if (e->type != TAB_EVENT_ACTION || e->action == NULL || strcmp(e->action, "press") != 0) return;
    self->presses++;
    if ({spins}) for (;;) spins++;
    self->api->invalidate(self->host);
}}
static void destroy(void *opaque) {{ free(opaque); }}
static const tab_module_descriptor descriptor = {{
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "{name}", .title = "{title}",
    .create = create, .render = render, .event = event, .destroy = destroy,
}};
TAB_MODULE_DECLARE(descriptor)
"""


class Terminal:
    """`tabhost run` on a pseudo-terminal of COLUMNS x LINES, its output fed to a pyte screen."""

    def __init__(self, arguments, environment):
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(TABHOST, [TABHOST, "run", *arguments], environment)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        os.kill(self.pid, signal.SIGWINCH)

    def pump(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                self.stream.feed(os.read(self.fd, 65536))
            except OSError:
                pass

    def text(self):
        return "\n".join(self.screen.display)

    def wait_for(self, predicate, what, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate(self.text()):
                return time.monotonic()
            self.pump(0.02)
        raise AssertionError(f"the terminal never showed {what}:\n{self.text()}")

    def send(self, keys):
        os.write(self.fd, keys.encode())

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


class HostTestCase(unittest.TestCase):
    """Builds the given modules into a scratch directory and runs `tabhost run` on them, with a layout
    naming them in order as tabs; removes it all afterwards."""

    def start(self, sources, options=()):
        if not os.access(TABHOST, os.X_OK):
            self.skipTest(f"{TABHOST} is not built (swift build)")
        self.scratch = tempfile.mkdtemp(prefix="tabhost-pty-")
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)
        modules = os.path.join(self.scratch, "modules")
        os.mkdir(modules)
        for name, text in sources:
            source = os.path.join(self.scratch, name + ".c")
            with open(source, "w", encoding="utf-8") as f:
                f.write(text)
            subprocess.run(["cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", INCLUDE, "-o",
                            os.path.join(modules, name + ".so"), source], check=True)
        layout = os.path.join(self.scratch, "layout.json")
        tabs = ", ".join(f'{{"name": "{name}", "module": "{name}"}}' for name, _ in sources)
        with open(layout, "w", encoding="utf-8") as f:
            f.write(f'{{"root": {{"tabs": [{tabs}]}}}}')
        self.log = os.path.join(self.scratch, "tabhost.log")
        environment = dict(os.environ, TERM="xterm-256color", XDG_CACHE_HOME=os.path.join(self.scratch, "cache"),
                           XDG_CONFIG_HOME=os.path.join(self.scratch, "config"),
                           XDG_DATA_HOME=os.path.join(self.scratch, "data"))
        self.terminal = Terminal(["--modules", modules, "--layout", layout, "--no-watch", "--log", self.log,
                                  "--state", os.path.join(self.scratch, "state.json"), *options], environment)
        self.addCleanup(self.terminal.close)


class SpinningModuleTest(HostTestCase):
    def setUp(self):
        self.start([(name, MODULE.format(name=name, title=title, button=button, spins=spins))
                    for name, title, button, spins in [("spinner", "Spinner", "Spin", 1), ("counter", "Counter", "Press", 0)]],
                   options=("--hang-timeout", "1", "--kill-timeout", "6"))

    def test_a_spinning_module_leaves_the_other_tab_working_and_says_so_on_its_own(self):
        t = self.terminal
        t.wait_for(lambda s: "Spinner presses 0" in s, "the spinner's first frame")
        t.send("\r")  # Enter on its one button: the module spins in event from now on
        switches = []
        for press in range(1, 6):
            sent = time.monotonic()
            t.send("2")
            shown = t.wait_for(lambda s, p=press: f"Counter presses {p - 1}" in s, "the counter's tab")
            switches.append(shown - sent)
            t.send("\r")
            t.wait_for(lambda s, p=press: f"Counter presses {p}" in s, f"press {press} counted")
            t.send("1")
            t.wait_for(lambda s: "Spinner presses 0" in s or "Spinner presses 1" in s, "the spinner's kept frame")
        # Every press counted once; each switch drew the other tab's kept frame without waiting on the spinner.
        t.send("2")
        t.wait_for(lambda s: "Counter presses 5" in s, "five presses")
        t.send("1")
        t.wait_for(lambda s: "Spinner is not responding (event, " in s and "— Wait · Restart" in s,
                   "the not-responding line", timeout=3)
        self.assertLess(max(switches), 1.0, f"switches took {switches}")
        # The kill limit stops it; its tab says so with Restart.
        t.wait_for(lambda s: "Spinner stopped: not responding for 6 s in event" in s, "the kill", timeout=10)
        t.send("q")


# A module whose first view takes a while (its first render sleeps): keys typed for its tab before the
# view comes must act on the view, as they would had it come at once.
SLOW_MODULE = """
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef struct m { const tab_host_api *api; tab_host *host; int renders, opened; } m;
static void *create(const tab_host_api *api, tab_host *host) {
    m *self = calloc(1, sizeof *self);
    if (self != NULL) { self->api = api; self->host = host; }
    return self;
}
static void render(void *opaque, tab_view *view) {
    m *self = opaque;
    char line[64];
    if (self->renders++ == 0) nanosleep(&(struct timespec){.tv_nsec = 400000000}, NULL);
    snprintf(line, sizeof line, "Slow opened %d", self->opened);
    self->api->text(view, line);
    self->api->row(view, "Open", NULL, "open");
}
static void event(void *opaque, const tab_event *e) {
    m *self = opaque;
    if (e->type != TAB_EVENT_ACTION || e->action == NULL || strcmp(e->action, "open") != 0) return;
    self->opened++;
    self->api->invalidate(self->host);
}
static void destroy(void *opaque) { free(opaque); }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "slow", .title = "Slow",
    .create = create, .render = render, .event = event, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
"""


class TypeAheadTest(HostTestCase):
    def setUp(self):
        self.start([("counter", MODULE.format(name="counter", title="Counter", button="Press", spins=0)),
                    ("slow", SLOW_MODULE)])

    def test_keys_typed_before_a_tabs_first_view_act_on_it(self):
        t = self.terminal
        t.wait_for(lambda s: "Counter presses 0" in s, "the counter's first frame")
        # The switch and Enter in one write: Enter comes while the slow tab has no view yet.
        t.send("2\r")
        t.wait_for(lambda s: "Slow opened 1" in s, "Enter on the slow tab's row")
        # Each key once: nothing more arrives.
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            t.pump(0.05)
        self.assertIn("Slow opened 1", t.text())
        t.send("q")


# A module whose create never returns: its tab is made when first shown, and the host must not wait for it.
SPINNING_CREATE_MODULE = """
#include "tab_module.h"
static volatile unsigned long spins;
static void *create(const tab_host_api *api, tab_host *host) {
    (void)host;
    while (api != NULL) spins++;
    return NULL;
}
static void render(void *opaque, tab_view *view) { (void)opaque; (void)view; }
static void destroy(void *opaque) { (void)opaque; }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "latecomer", .title = "Latecomer",
    .create = create, .render = render, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
"""


class SpinningCreateTest(HostTestCase):
    def setUp(self):
        self.start([("counter", MODULE.format(name="counter", title="Counter", button="Press", spins=0)),
                    ("latecomer", SPINNING_CREATE_MODULE)],
                   options=("--hang-timeout", "1", "--kill-timeout", "3"))

    def test_a_tab_whose_create_spins_leaves_the_host_working_and_says_so(self):
        t = self.terminal
        t.wait_for(lambda s: "Counter presses 0" in s, "the counter's first frame")
        t.send("2")
        t.wait_for(lambda s: "Latecomer is not responding (create, " in s and "— Wait · Restart" in s,
                   "the not-responding line", timeout=3)
        # Back on the other tab, presses count while the create still spins.
        t.send("1")
        t.wait_for(lambda s: "Counter presses 0" in s, "the counter's kept frame", timeout=1)
        t.send("\r")
        t.wait_for(lambda s: "Counter presses 1" in s, "the press counted", timeout=1)
        t.send("2")
        t.wait_for(lambda s: "Latecomer stopped: not responding for 3 s in create" in s, "the kill", timeout=6)
        t.send("q")


if __name__ == "__main__":
    unittest.main()
