"""Browser tests of the web front end: a real Chromium (Debian's package) driven by Playwright.

Run by Scripts/test after `swift test` (the built .build/debug/tabhost, or $TABHOST):
    python3 -m unittest discover -s Tests/Browser -v
Never `playwright install`: the browser is /usr/lib/chromium/chromium (Scripts/install-deps installs it).
"""

import base64
import hashlib
import http.server
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import struct
import threading
import time
import unittest
import zlib

from playwright.sync_api import expect, sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABHOST = os.environ.get("TABHOST", os.path.join(ROOT, ".build", "debug", "tabhost"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")
# Screenshots the tests take (the README's comes from here).
SHOTS = os.environ.get("TABHOST_SCREENSHOTS", os.path.join(ROOT, ".build", "browser-screenshots"))
ADDRESS = re.compile(r"(https?)://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})")


def back_button(page):
    """The title bar's Back button (a module's content may have a button labelled Back too)."""
    return page.get_by_role("banner").get_by_role("button", name=re.compile("^Back"))


def title(page):
    """The title bar's title: the page's one level-1 heading."""
    return page.get_by_role("heading", level=1)


class Served:
    """`tabhost serve --port 0` with a private log (not watching its module directories unless `watch`);
    the address is the first line of its stdout."""

    def __init__(self, *arguments, watch=False):
        self.scratch = tempfile.mkdtemp(prefix="tabhost-browser-")
        self.log = os.path.join(self.scratch, "tabhost.log")
        self.process = subprocess.Popen(
            [TABHOST, "serve", "--port", "0", "--log", self.log, *([] if watch else ["--no-watch"]), *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env=dict(os.environ, XDG_CACHE_HOME=os.path.join(self.scratch, "cache"),
                     XDG_CONFIG_HOME=os.path.join(self.scratch, "config")))
        self.url = self.process.stdout.readline().strip()
        match = ADDRESS.fullmatch(self.url)
        if not match:
            self.stop()
            raise AssertionError(f"unexpected first line: {self.url!r}")
        self.port, self.token = int(match.group(2)), match.group(3)
        self.origin = f"{match.group(1)}://127.0.0.1:{self.port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        shutil.rmtree(self.scratch, ignore_errors=True)

    def log_text(self):
        try:
            with open(self.log, encoding="utf-8") as f:
                return f.read()
        except FileNotFoundError:
            return ""


def fixture_module(name):
    """The C source Tests/Fixtures/modules/NAME.c, shared with the Swift end-to-end tests."""
    with open(os.path.join(ROOT, "Tests", "Fixtures", "modules", name + ".c"), encoding="utf-8") as f:
        return f.read()


def module_source(name, title, render, event="", start="", version="1.0", image=None, permissions=None):
    """A C content module. `render`, `event` and `start` are C statements using `api`, `host` and `self`
    (whose `int mode` they may keep), and `view`, `event` or `param`; it asks for `permissions`."""
    image_field = f'.image = "{image}", ' if image else ""
    if permissions:
        image_field += f'.permissions = "{permissions}", '

    return f"""
#include "tab_module.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
typedef struct fixture {{ const tab_host_api *api; tab_host *host; int mode; }} fixture;
static void *create(const tab_host_api *api, tab_host *host) {{
    fixture *self = calloc(1, sizeof(*self));
    if (self != NULL) {{ self->api = api; self->host = host; }}
    return self;
}}
static void start(void *opaque, const char *param) {{
    fixture *self = opaque; (void)self; (void)param;
    {start}
}}
static void render(void *opaque, tab_view *view) {{
    fixture *self = opaque; const tab_host_api *api = self->api; (void)api;
    {render}
}}
static void event(void *opaque, const tab_event *event) {{
    fixture *self = opaque; const tab_host_api *api = self->api; tab_host *host = self->host;
    (void)api; (void)host; (void)event;
    {event}
}}
static void destroy(void *opaque) {{ free(opaque); }}
static const tab_module_descriptor descriptor = {{
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "{name}", .version = "{version}", .title = "{title}", {image_field}
    .create = create, .start = start, .render = render, .event = event, .destroy = destroy,
}};
TAB_MODULE_DECLARE(descriptor)
"""


def hot_module(version):
    """A module whose text says which build it is, with a PNG tab image next to it."""
    return module_source(
        "hot", "Hot", f'api->section(view, "Version {version}"); api->text(view, "Built {version} time(s).");',
        version=f"{version}.0", image="hot.png")


# A module that presents itself as a sheet and dismisses it.
SHEET_MODULE = module_source(
    "sheet", "Sheet",
    render="""if (self->mode) {
        api->text(view, "This is the sheet.");
        api->button(view, "Close the sheet", "close");
    } else {
        api->button(view, "Open a sheet", "open");
    }""",
    start='self->mode = param != NULL && strcmp(param, "modal") == 0;',
    event="""if (event->type != TAB_EVENT_ACTION || event->action == NULL) return;
    if (strcmp(event->action, "open") == 0) api->present(host, "sheet", "modal");
    if (strcmp(event->action, "close") == 0) api->dismiss(host);""")

# A module whose Spin button makes its next render spin forever.
SPIN_MODULE = module_source(
    "spin", "Spin",
    render="""while (self->mode) {
    }
    api->button(view, "Spin", "spin");""",
    event="""if (event->type == TAB_EVENT_ACTION && event->action != NULL && strcmp(event->action, "spin") == 0) {
        self->mode = 1;
        api->invalidate(host);
    }""")

# A module that crashes on any action.
CRASHY_MODULE = module_source(
    "crashy", "Crashy", 'api->button(view, "Crash", "crash");', event="if (event->type == TAB_EVENT_ACTION) raise(SIGSEGV);")


# A 1.2 module that takes input: a text field whose every edit it echoes into a text node, a toggle,
# a table with a row action, progress, an alert it raises and whose answer it shows. Without the 1.2
# view calls it says so, and the tests that need them fail with that reason.
INPUTS_MODULE = module_source(
    "inputs", "Inputs",
    render=r"""if (!TAB_API_HAS(api, tab_host_api, save_soon) || api->text_field == NULL || api->toggle == NULL
            || api->columns == NULL || api->cells == NULL || api->alert == NULL) {
        api->text(view, "NO 1.2 VIEW CALLS");
        return;
    }
    inputs *state = &self->inputs;
    api->section(view, "/tmp/Logs of the Day");
    api->text_field(view, "filter", state->text, "Filter", 0);
    char line[FIELD + 64];
    snprintf(line, sizeof line, "Got [%s] %d edit(s)", state->text, state->edits);
    api->text(view, line);
    snprintf(line, sizeof line, "Submitted [%s]", state->submitted);
    api->text(view, line);
    api->toggle(view, "wifi", "Wi-Fi", state->on);
    snprintf(line, sizeof line, "Toggle is %s", state->on ? "on" : "off");
    api->text(view, line);
    const char *headers[] = {"PID", "Name"};
    api->columns(view, headers, 2);
    const char *first[] = {"1", "init"};
    api->cells(view, first, 2, "row1");
    api->row_action(view, "Kill", "kill1");
    api->progress(view, "Loading", 0.5);
    api->button(view, "Ask", "ask");
    snprintf(line, sizeof line, "Answer [%s] Action [%s]", state->answer, state->action);
    api->text(view, line);""",
    event=r"""inputs *state = &self->inputs;
    const char *value = TAB_API_HAS(event, tab_event, value) && event->value != NULL ? event->value : "";
    switch (event->type) {
    case TAB_EVENT_TEXT: snprintf(state->text, sizeof state->text, "%s", value); state->edits++; break;
    case TAB_EVENT_SUBMIT:
        snprintf(state->submitted, sizeof state->submitted, "%s", value);
        state->text[0] = 0; /* cleared after a submit, as a chat box does */
        break;
    case TAB_EVENT_TOGGLE: state->on = strcmp(value, "1") == 0; break;
    case TAB_EVENT_ALERT: snprintf(state->answer, sizeof state->answer, "%s", value); break;
    case TAB_EVENT_ACTION:
        snprintf(state->action, sizeof state->action, "%s", event->action);
        if (strcmp(event->action, "ask") == 0) {
            const char *buttons[] = {"Delete", "Cancel"};
            api->alert(host, "confirm", "Delete it?", "This cannot be undone.", buttons, 2);
        }
        break;
    default: break;
    }
    api->invalidate(host);""").replace(
    "typedef struct fixture {", "#include <stdio.h>\n#define FIELD 65537\n"
    "typedef struct inputs { char text[FIELD]; char submitted[FIELD]; char answer[64]; char action[64]; int edits; int on; } inputs;\n"
    "typedef struct fixture {").replace("int mode; } fixture;", "int mode; inputs inputs; } fixture;")


def compile_module(output, source_text, header=None):
    """Builds a module with cc against tab_module.h alone: the current one, or with `header` ("1.0",
    "1.1", "1.2") the one third parties built against then (Tests/Fixtures/headers/)."""
    source = output + ".c"
    with open(source, "w", encoding="utf-8") as f:
        f.write(source_text)
    include = os.path.join(ROOT, "Sources", "CTabModule", "include")
    if header is not None:
        include = output + ".include"
        os.mkdir(include)
        shutil.copyfile(os.path.join(ROOT, "Tests", "Fixtures", "headers", f"tab_module-{header}.h"),
                        os.path.join(include, "tab_module.h"))
    subprocess.run(["cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", include, "-o", output, source], check=True)
    os.remove(source)
    if header is not None:
        shutil.rmtree(include)


def write_png(path, size=24, rgb=(10, 102, 216)):
    """A small solid PNG (a tab image that is not SVG)."""
    row = b"\x00" + bytes(rgb) * size
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(row * size)) + chunk(b"IEND", b""))


class OtherApp(http.server.BaseHTTPRequestHandler):
    """Another web application on this machine, on another port."""

    def do_GET(self):
        body = b"<!doctype html><title>other</title><p>another app</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


class Tmux:
    """A detached tmux session on a private server socket running one command."""

    def __init__(self, command, width=100, height=30):
        self.socket = f"tabhost-browser-{os.getpid()}-{time.monotonic_ns()}"
        # A private metadata cache: a host started here never touches the user's ~/.cache.
        self.cache = tempfile.mkdtemp(prefix="tabhost-browser-cache-")
        command = f"env XDG_CACHE_HOME='{self.cache}' {command}"
        self.tmux("new-session", "-d", "-x", str(width), "-y", str(height), "-s", "t", command)

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], check=True, capture_output=True, text=True).stdout

    def send(self, *keys):
        self.tmux("send-keys", "-t", "t", *keys)

    def capture(self):
        return self.tmux("capture-pane", "-p", "-t", "t")

    def wait_for(self, predicate, what, timeout=20):
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.capture()
            if predicate(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"terminal never showed {what}:\n{screen}")

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.cache, ignore_errors=True)


class BrowserTestCase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.access(TABHOST, os.X_OK):
            raise unittest.SkipTest(f"{TABHOST} is not built (swift build)")
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox"] if os.geteuid() == 0 else [])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()

    def setUp(self):
        self.served = []
        self.contexts = []
        self.errors = []

    def tearDown(self):
        for context in self.contexts:
            context.close()
        for served in self.served:
            served.stop()
        self.assertEqual(self.errors, [], "the page logged errors")

    def serve_modules(self, layout, modules, watch=False, header=None, options=()):
        """`tabhost serve` of the C modules {file name: source} (plus hot.png) under `layout` (JSON text),
        with `options`, in a directory removed after the test. Returns the served host and the directory."""
        directory = tempfile.mkdtemp(prefix="tabhost-browser-modules-")
        self.addCleanup(shutil.rmtree, directory, True)
        write_png(os.path.join(directory, "hot.png"))
        for name, source in modules.items():
            compile_module(os.path.join(directory, name), source, header)
        layout_path = os.path.join(directory, "layout.json")
        with open(layout_path, "w", encoding="utf-8") as f:
            f.write(layout)
        return self.serve("--modules", directory, "--layout", layout_path, *options, watch=watch), directory

    def serve(self, *arguments, watch=False):
        served = Served(*arguments, watch=watch)
        self.served.append(served)
        return served

    def page(self, url=None, width=430, height=640, **context_options):
        context = self.browser.new_context(viewport={"width": width, "height": height}, **context_options)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        if url:
            page.goto(url)
            expect(page.locator("#app")).to_have_attribute("data-connection", "live")
            expect(page.locator("#app")).to_have_attribute("data-frames", re.compile("[1-9]"))
        return page

    def screenshot(self, page, name):
        os.makedirs(SHOTS, exist_ok=True)
        path = os.path.join(SHOTS, name)
        page.mouse.move(1, 1)  # no hover highlight in the picture
        page.wait_for_timeout(100)
        page.screenshot(path=path)
        return path

    def assert_tab_images_loaded(self, page):
        """Every tab with an image shows it: an <img> whose alt is the title, loaded (naturalWidth > 0)."""
        images = page.locator("[role=tab] img")
        self.assertGreater(images.count(), 0, "no tab has an image")
        for i in range(images.count()):
            image = images.nth(i)
            tab_title = image.locator("xpath=ancestor::*[@role='tab']").locator(".tab-title").inner_text()
            expect(image).to_have_attribute("alt", tab_title)
            page.wait_for_function("img => img.complete", arg=image.element_handle())
            width = image.evaluate("img => img.naturalWidth")
            self.assertGreater(width, 0, f"the image of tab {tab_title!r} did not load")


class WebFrontEndTests(BrowserTestCase):
    def test_tweetie_flow_by_role_and_text(self):
        served = self.serve()
        page = self.page(served.url)
        # The token left the address bar; the page keeps it in sessionStorage, and no cookie exists.
        self.assertEqual(page.url, served.origin + "/")
        self.assertEqual(page.context.cookies(), [])
        main = page.get_by_role("main")
        expect(title(page)).to_have_text("Accounts")
        expect(main.get_by_role("button", name="Jack")).to_be_visible()
        expect(back_button(page)).to_be_hidden()
        expect(page.get_by_role("tablist")).to_have_count(0)
        self.screenshot(page, "accounts.png")

        main.get_by_role("button", name="Jack").click()
        expect(title(page)).to_have_text("Jack")
        back = back_button(page)
        expect(back).to_be_visible()
        expect(back).to_contain_text("Accounts")
        tablist = page.get_by_role("tablist")
        expect(tablist).to_have_count(1)
        tabs = tablist.get_by_role("tab")
        # Favourites, More, Timeline, Search (the demo layout's @account template).
        expect(tabs).to_have_count(4)
        favourites = page.get_by_role("tab", name=re.compile("^Favourites"))
        more = page.get_by_role("tab", name=re.compile("^More"))
        expect(favourites).to_have_attribute("aria-selected", "true")
        expect(more).to_have_attribute("aria-selected", "false")
        expect(favourites.locator(".badge")).to_have_text("4")
        self.assert_tab_images_loaded(page)
        self.screenshot(page, "favourites.png")

        # A row: it is a button; the module counts it and the badge follows.
        main.get_by_role("button", name=re.compile("Coffee at nine")).click()
        expect(main).to_contain_text("Opened 1 time")
        expect(favourites.locator(".badge")).to_have_text("3")

        more.click()
        expect(more).to_have_attribute("aria-selected", "true")
        expect(favourites).to_have_attribute("aria-selected", "false")
        main.get_by_role("button", name="Followers").click()
        expect(title(page)).to_have_text("Jack: Followers")
        # An image node of the content, served because this screen references it.
        figure = main.locator("figure img")
        expect(figure).to_have_attribute("alt", "[detail]")
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=figure.element_handle())

        back_button(page).click()
        expect(title(page)).to_have_text("Jack")
        back_button(page).click()
        expect(title(page)).to_have_text("Accounts")

    def test_the_terminal_keys_work(self):
        served = self.serve()
        page = self.page(served.url)
        page.keyboard.press("ArrowDown")  # focus the first row
        expect(page.get_by_role("button", name="Jack")).to_be_focused()
        page.keyboard.press("ArrowDown")
        expect(page.get_by_role("button", name="Jill")).to_be_focused()
        page.keyboard.press("Enter")
        expect(title(page)).to_have_text("Jill")
        page.keyboard.press("2")
        expect(page.get_by_role("tab", name=re.compile("^More"))).to_have_attribute("aria-selected", "true")
        page.keyboard.press("ArrowLeft")
        expect(page.get_by_role("tab", name=re.compile("^Favourites"))).to_have_attribute("aria-selected", "true")
        page.keyboard.press("Escape")
        expect(title(page)).to_have_text("Accounts")
        # Back returns to the row that was left.
        expect(page.get_by_role("button", name="Jill")).to_be_focused()

    def test_touch_taps_work(self):
        served = self.serve()
        page = self.page(served.url, width=390, height=700, has_touch=True, is_mobile=True)
        page.get_by_role("button", name="John").tap()
        expect(title(page)).to_have_text("John")
        more = page.get_by_role("tab", name=re.compile("^More"))
        more.tap()
        expect(more).to_have_attribute("aria-selected", "true")

    def test_a_second_browser_sees_the_same_session(self):
        served = self.serve()
        first = self.page(served.url)
        second = self.page(served.url)  # the token stays valid while the host runs
        first.get_by_role("button", name="Jack").click()
        expect(title(second)).to_have_text("Jack")
        second.get_by_role("tab", name=re.compile("^More")).click()
        expect(first.get_by_role("tab", name=re.compile("^More"))).to_have_attribute("aria-selected", "true")

    def test_without_the_token_the_page_says_so_and_nothing_connects(self):
        served = self.serve()
        page = self.page()
        page.goto(served.origin + "/")
        expect(page.locator("#connection")).to_have_text(re.compile("Open the address tabhost printed"))
        expect(page.locator("#app")).to_have_attribute("data-connection", "no-token")
        page.goto(served.origin + "/?token=" + "0" * 32)
        expect(page.locator("#app")).to_have_attribute("data-connection", "refused")
        expect(page.locator("#connection")).to_contain_text("Cannot connect")
        self.assertEqual(page.url, served.origin + "/")
        self.assertEqual(page.locator("#app").get_attribute("data-frames"), None)
        deadline = time.monotonic() + 5
        while "refused a WebSocket: wrong token" not in served.log_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertIn("refused a WebSocket: wrong token", served.log_text())

    def test_the_token_is_in_no_cookie_and_leaves_the_address_bar_and_a_reload_keeps_working(self):
        served = self.serve()
        page = self.page(served.url)
        self.assertEqual(page.url, served.origin + "/")
        self.assertEqual(page.evaluate("location.search"), "")
        self.assertNotIn(served.token, page.evaluate("history.length && location.href"))
        self.assertEqual(page.context.cookies(), [])
        self.assertEqual(page.evaluate("document.cookie"), "")
        page.get_by_role("main").get_by_role("button", name="Jack").click()
        expect(title(page)).to_have_text("Jack")
        # A reload finds the token in this tab's sessionStorage (no address, no cookie needed).
        responses = []
        page.on("response", lambda response: responses.append(response))
        page.reload()
        expect(page.locator("#app")).to_have_attribute("data-connection", "live")
        expect(title(page)).to_have_text("Jack")
        self.assertEqual(page.context.cookies(), [])
        for response in responses:
            self.assertIsNone(response.headers.get("set-cookie"), response.url)
        # The page's own storage is per origin (scheme, host and port): another server on 127.0.0.1 reads none of it.
        self.assertEqual(page.evaluate("sessionStorage.getItem('tabhost-token')"), served.token)
        self.assertEqual(page.evaluate("localStorage.length"), 0)
        self.assertNotIn(served.token, served.log_text())

    def test_a_request_with_a_cookie_only_is_refused(self):
        served = self.serve()
        # What a cookie-based page would have sent, from any client: the WebSocket stays closed.
        raw = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        raw.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nOrigin: {served.origin}\r\n"
                     f"Cookie: tabhost-{served.port}={served.token}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                     f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n").encode())
        status = raw.recv(4096).split(b"\r\n", 1)[0].decode()
        raw.close()
        self.assertNotIn(" 101 ", status)
        # A browser holding such a cookie (set by hand here: the host sets none) opens nothing with it.
        page = self.page()
        page.context.add_cookies([{"name": f"tabhost-{served.port}", "value": served.token, "url": served.origin}])
        page.goto(served.origin + "/")
        expect(page.locator("#app")).to_have_attribute("data-connection", "no-token")
        opened = """url => new Promise(resolve => {
            const ws = new WebSocket(url);
            ws.onopen = () => resolve("open");
            ws.onerror = () => resolve("refused");
            setTimeout(() => resolve("timeout"), 5000);
        })"""
        self.assertEqual(page.evaluate(opened, f"ws://127.0.0.1:{served.port}/ws"), "refused")

    def test_a_page_from_another_origin_cannot_open_the_websocket(self):
        served = self.serve()
        page = self.page(served.url)
        # Another web app on this machine: same site as the host (ports do not separate sites, so a cookie
        # would go along: the host sets none), another origin.
        other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OtherApp)
        threading.Thread(target=other.serve_forever, daemon=True).start()
        try:
            page.goto(f"http://127.0.0.1:{other.server_port}/")
            expect(page.locator("p")).to_have_text("another app")
            opened = """([url, protocols]) => new Promise(resolve => {
                const ws = new WebSocket(url, protocols);
                ws.onopen = () => resolve("open");
                ws.onerror = () => resolve("refused");
                setTimeout(() => resolve("timeout"), 5000);
            })"""
            socket = f"ws://127.0.0.1:{served.port}/ws"
            self.assertEqual(page.evaluate(opened, [socket, []]), "refused")
            # Even with the token itself, presented as the page presents it.
            self.assertEqual(page.evaluate(opened, [socket, ["tabhost", "tabhost.token." + served.token]]), "refused")
        finally:
            other.shutdown()
        deadline = time.monotonic() + 5
        expected = f"refused a WebSocket: Origin http://127.0.0.1:{other.server_port} is not http://127.0.0.1:{served.port}"
        while served.log_text().count(expected) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(served.log_text().count(expected), 1, served.log_text())
        self.assertIn("refused a WebSocket: no token", served.log_text())

    def test_a_tab_bar_module_draws_its_own_bar_at_the_top(self):
        served = self.serve("--layout", os.path.join(ROOT, "Layouts", "fancy.json"))
        page = self.page(served.url)
        bar = page.locator("#bar-top")
        expect(bar).to_be_visible()
        expect(page.locator("#bar-bottom")).to_be_hidden()
        tabs = bar.get_by_role("tab")
        expect(tabs.first).to_have_attribute("aria-selected", "true")
        clock = bar.get_by_role("tab", name=re.compile("Clock"))
        clock.click()
        expect(clock).to_have_attribute("aria-selected", "true")
        expect(title(page)).to_have_text("Clock")
        self.screenshot(page, "fancy.png")


class HotReloadTests(BrowserTestCase):
    def test_a_hot_reload_shows_up_in_the_browser_and_a_png_tab_image_loads(self):
        served, modules = self.serve_modules(
            '{"root": {"tabs": [{"name": "hot", "module": "hot"}]}}', {"hot.so": hot_module(1)}, watch=True)
        page = self.page(served.url)
        expect(page.get_by_role("main")).to_contain_text("Version 1")
        tab = page.get_by_role("tab", name="Hot")
        expect(tab).to_have_attribute("aria-selected", "true")
        self.assert_tab_images_loaded(page)
        # The page loads it by its ticket; the module's path never reaches the page.
        self.assertRegex(tab.locator("img").get_attribute("src"), r"^/image/[0-9a-f]{32}$")

        # A new build dropped in place (renamed over the old file, as an installer does).
        compile_module(os.path.join(modules, "hot.so.new"), hot_module(2))
        os.replace(os.path.join(modules, "hot.so.new"), os.path.join(modules, "hot.so"))
        expect(page.get_by_role("main")).to_contain_text("Version 2", timeout=20000)
        expect(page.locator("#status")).to_contain_text("reloaded hot")


class ImageConfinementTests(BrowserTestCase):
    def test_an_image_node_out_of_the_module_directory_is_not_served(self):
        """Image nodes naming ../../etc/passwd, a file beside the module directory (by .. and by absolute
        path), a symbolic link out of it and a linked directory: none is served, each with a log line; the
        module's own image (the control) loads."""
        modules = tempfile.mkdtemp(prefix="tabhost-browser-confined-")
        outside = tempfile.mkdtemp(prefix="tabhost-browser-outside-")
        self.addCleanup(shutil.rmtree, modules, True)
        self.addCleanup(shutil.rmtree, outside, True)
        secret = os.path.join(outside, "secret.png")
        write_png(secret, rgb=(200, 0, 0))
        write_png(os.path.join(modules, "ok.png"))
        os.symlink(secret, os.path.join(modules, "link.png"))
        os.symlink(outside, os.path.join(modules, "linkdir"))
        relative = os.path.relpath(secret, modules)
        self.assertTrue(relative.startswith("../"))
        render = "".join(f'api->image(view, "{path}", "{alt}");' for path, alt in [
            ("ok.png", "good"), ("../../../../../../etc/passwd", "passwd"), (relative, "dotdot"), (secret, "absolute"),
            ("link.png", "link"), ("linkdir/secret.png", "linkdir")])
        compile_module(os.path.join(modules, "pics.so"), module_source("pics", "Pics", render))
        layout = os.path.join(modules, "layout.json")
        with open(layout, "w", encoding="utf-8") as f:
            f.write('{"root": {"stack": {"module": "pics"}}}')
        served = self.serve("--modules", modules, "--layout", layout)
        page = self.page(served.url)
        statuses = {}
        page.on("response", lambda response: statuses.__setitem__(response.url, response.status))
        main = page.get_by_role("main")
        good = main.get_by_role("img", name="good")
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=good.element_handle())
        self.assertRegex(good.get_attribute("src"), r"^/image/[0-9a-f]{32}$")
        # Refused by their path: no address at all, only the alternative text.
        for alt in ["passwd", "dotdot", "absolute"]:
            image = main.locator(f"img[alt={alt}]")
            self.assertIn(image.get_attribute("src") or "", ["", None], alt)
        # Links: an address, but the host does not follow the link, and answers 404.
        for alt in ["link", "linkdir"]:
            image = main.locator(f"img[alt={alt}]")
            src = image.get_attribute("src")
            self.assertRegex(src, r"^/image/[0-9a-f]{32}$")
            page.wait_for_function("img => img.complete", arg=image.element_handle())
            self.assertEqual(image.evaluate("img => img.naturalWidth"), 0, alt)
            self.assertEqual(page.evaluate("async src => (await fetch(src)).status", src), 404)
            body = page.evaluate("async src => (await fetch(src)).text()", src)
            self.assertNotIn("PNG", body)
        # The paths outside what the module may read are refused by the module's own check (one line each),
        # the links inside its directory by the server's (which never follows one).
        deadline = time.monotonic() + 5
        while served.log_text().count("web: not serving the image") < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        log = served.log_text()
        self.assertEqual(log.count("not shown: the module cannot read it"), 3, log)
        self.assertEqual(log.count("web: not serving the image"), 2, log)
        for name in ["etc/passwd", relative, secret, "link.png", "linkdir/secret.png"]:
            self.assertIn(name, log)
        self.screenshot(page, "confined-images.png")


class ModuleTextTests(BrowserTestCase):
    def test_module_text_is_shown_as_text_markup_and_escapes_included(self):
        """Markup and escape sequences in a module's strings (title, row, text, button) are text in the page:
        no element is made of them, no script runs, and the page has no cookie for them to reach."""
        hostile = r'<img src=x onerror=\"document.title=1\"><b>bold</b> \x1b]52;c;cHduZWQ=\a \xe2\x80\xaeRTL'
        render = (f'api->text(view, "T {hostile}"); api->row(view, "R {hostile}", "d", "r"); '
                  f'api->button(view, "B {hostile}", "b");')
        served, _ = self.serve_modules('{"root": {"stack": {"module": "marks"}}}', {
            "marks.so": module_source("marks", "Marks", render, start=f'self->api->set_title(self->host, "S {hostile}");')})
        page = self.page(served.url)
        main = page.get_by_role("main")
        expect(main).to_contain_text("<b>bold</b>")
        expect(main).to_contain_text("52;c;cHduZWQ=")
        self.assertEqual(main.locator("b").count(), 0)
        self.assertEqual(page.locator("img[src=x]").count(), 0)
        expect(title(page)).to_contain_text("<img src=x")
        self.assertNotEqual(page.evaluate("document.title"), "1")
        self.assertEqual(page.context.cookies(), [])


class ModalTests(BrowserTestCase):
    def test_a_modal_is_framed_and_dismissed_by_button_or_escape(self):
        served, _ = self.serve_modules('{"root": {"stack": {"module": "sheet"}}}', {"sheet.so": SHEET_MODULE})
        page = self.page(served.url)
        dismiss = page.get_by_role("banner").get_by_role("button", name="Dismiss")
        expect(dismiss).to_be_hidden()
        page.get_by_role("button", name="Open a sheet").click()
        expect(page.get_by_role("main")).to_contain_text("This is the sheet.")
        expect(page.locator("#app")).to_have_class(re.compile(r"\bmodal\b"))
        expect(dismiss).to_be_visible()
        self.screenshot(page, "modal.png")
        dismiss.click()
        expect(page.get_by_role("button", name="Open a sheet")).to_be_visible()
        expect(page.locator("#app")).not_to_have_class(re.compile(r"\bmodal\b"))
        # The module's own Close, then Escape.
        page.get_by_role("button", name="Open a sheet").click()
        page.get_by_role("button", name="Close the sheet").click()
        expect(page.get_by_role("button", name="Open a sheet")).to_be_visible()
        page.get_by_role("button", name="Open a sheet").click()
        expect(dismiss).to_be_visible()
        page.keyboard.press("Escape")
        expect(dismiss).to_be_hidden()


class CrashTests(BrowserTestCase):
    def test_a_crashed_tab_shows_as_stopped_with_restart(self):
        served, _ = self.serve_modules(
            '{"root": {"tabs": [{"name": "c", "module": "crashy"}, {"name": "h", "module": "hot"}]}}',
            {"crashy.so": CRASHY_MODULE, "hot.so": hot_module(1)})
        page = self.page(served.url)
        main = page.get_by_role("main")
        main.get_by_role("button", name="Crash").click()
        expect(main).to_contain_text("Crashy stopped")
        self.screenshot(page, "crashed.png")
        # The other tab lives on; the crashed one restarts.
        page.get_by_role("tab", name="Hot").click()
        expect(main).to_contain_text("Version 1")
        page.get_by_role("tab", name="Crashy").click()
        main.get_by_role("button", name="Restart", exact=True).click()
        expect(main.get_by_role("button", name="Crash")).to_be_visible()


class BusyMarkTests(BrowserTestCase):
    def test_a_module_spinning_in_render_gets_the_busy_mark_then_the_line_and_restart_works(self):
        # The kill limit is far off: the line and Restart are what is looked at, not the kill.
        served, _ = self.serve_modules(
            '{"root": {"tabs": [{"name": "s", "module": "spin"}, {"name": "h", "module": "hot"}]}}',
            {"spin.so": SPIN_MODULE, "hot.so": hot_module(1)}, options=("--kill-timeout", "120"))
        page = self.page(served.url)
        main = page.get_by_role("main")
        spin_tab = page.get_by_role("tab", name=re.compile("Spin"))
        hot_tab = page.get_by_role("tab", name=re.compile("Hot"))
        main.get_by_role("button", name="Spin", exact=True).click()
        # Past 100 ms the tab's bar item has the busy mark.
        expect(spin_tab.locator(".badge")).to_have_text("…")
        # Another tab stays usable meanwhile, and its module answers.
        hot_tab.click()
        expect(hot_tab).to_have_attribute("aria-selected", "true")
        expect(main).to_contain_text("Version 1")
        expect(spin_tab.locator(".badge")).to_have_text("…")
        # Back on it: its kept frame under the one line, its choices as buttons.
        spin_tab.click()
        line = main.get_by_role("button", name=re.compile(r"^Spin is not responding \(render, \d+\.\d s\) — Wait · Restart"))
        expect(line).to_be_visible()
        expect(main.get_by_role("button", name="Wait", exact=True)).to_be_visible()
        expect(main.get_by_role("button", name="Spin", exact=True)).to_be_visible()
        self.screenshot(page, "not-responding.png")
        # Wait starts the clock again: the line goes, and comes back while the module still spins.
        main.get_by_role("button", name="Wait", exact=True).click()
        expect(line).to_have_count(0)
        expect(line).to_be_visible()
        main.get_by_role("button", name="Restart", exact=True).click()
        # Restarted: a fresh instance that answers, without the line or the mark.
        expect(line).to_have_count(0)
        expect(spin_tab.locator(".badge")).to_have_count(0)
        expect(main.get_by_role("button", name="Restart", exact=True)).to_have_count(0)
        expect(main).not_to_contain_text("stopped")
        expect(main.get_by_role("button", name="Spin", exact=True)).to_be_visible()


    def test_a_tab_switch_draws_the_tabs_kept_screen_before_the_host_answers(self):
        # Each tab's last screen is kept in the page: with the host stopped, a click on a tab seen before
        # still draws that tab at once; the host's fresh screen replaces it once it runs again.
        other = module_source(
            "other", "Other",
            'api->text(view, "Other view"); if (self->mode) { api->text(view, "Tapped"); } api->button(view, "Tap", "tap");',
            event='self->mode++; api->invalidate(host);')
        served, _ = self.serve_modules(
            '{"root": {"tabs": [{"name": "h", "module": "hot"}, {"name": "o", "module": "other"}]}}',
            {"hot.so": hot_module(1), "other.so": other})
        page = self.page(served.url)
        main = page.get_by_role("main")
        hot_tab = page.get_by_role("tab", name=re.compile("Hot"))
        other_tab = page.get_by_role("tab", name=re.compile("Other"))
        other_tab.click()
        expect(main).to_contain_text("Other view")
        hot_tab.click()
        expect(main).to_contain_text("Version 1")
        page.wait_for_timeout(200)  # whatever else the host had to send has come
        frames = int(page.locator("#app").get_attribute("data-frames"))
        os.kill(served.process.pid, signal.SIGSTOP)
        try:
            other_tab.click()
            expect(other_tab).to_have_attribute("aria-selected", "true")
            expect(main).to_contain_text("Other view")
            expect(hot_tab).to_have_attribute("aria-selected", "false")
            # Drawn by the page alone: one frame more, and none from the host.
            self.assertEqual(int(page.locator("#app").get_attribute("data-frames")), frames + 1)
        finally:
            os.kill(served.process.pid, signal.SIGCONT)
        # The host's own screen of that tab comes, and the tab works as before.
        page.wait_for_function(f"() => Number(document.querySelector('#app').dataset.frames) >= {frames + 2}")
        main.get_by_role("button", name="Tap").click()
        expect(main).to_contain_text("Tapped")
        expect(other_tab).to_have_attribute("aria-selected", "true")
        expect(hot_tab).to_have_attribute("aria-selected", "false")

    def test_a_tab_never_seen_waits_for_the_host(self):
        # No kept screen for a tab not shown yet: the page does not guess; the host's screen draws it.
        served, _ = self.serve_modules(
            '{"root": {"tabs": [{"name": "h", "module": "hot"}, {"name": "o", "module": "other"}]}}',
            {"hot.so": hot_module(1), "other.so": module_source("other", "Other", 'api->text(view, "Other view");')})
        page = self.page(served.url)
        main = page.get_by_role("main")
        expect(main).to_contain_text("Version 1")
        other_tab = page.get_by_role("tab", name=re.compile("Other"))
        os.kill(served.process.pid, signal.SIGSTOP)
        try:
            other_tab.click()
            page.wait_for_timeout(300)
            expect(main).to_contain_text("Version 1")
            expect(other_tab).to_have_attribute("aria-selected", "false")
        finally:
            os.kill(served.process.pid, signal.SIGCONT)
        expect(other_tab).to_have_attribute("aria-selected", "true")
        expect(main).to_contain_text("Other view")

    def test_a_tab_waiting_for_its_first_view_is_busy_until_it_comes(self):
        # The first render takes 0.6 s: meanwhile the tab shows its title, and the content says it is busy.
        slow = module_source(
            "slow", "Slow", 'if (self->mode++ == 0) {\n        usleep(600000);\n    }\n    api->text(view, "Slow view");')
        served, _ = self.serve_modules(
            '{"root": {"tabs": [{"name": "h", "module": "hot"}, {"name": "s", "module": "slow"}]}}',
            {"hot.so": hot_module(1), "slow.so": slow})
        page = self.page(served.url)
        main = page.get_by_role("main")
        expect(main).to_contain_text("Version 1")
        expect(main).not_to_have_attribute("aria-busy", "true")
        page.get_by_role("tab", name=re.compile("Slow")).click()
        expect(main).to_have_attribute("aria-busy", "true")
        expect(main).to_contain_text("Slow view")
        expect(main).not_to_have_attribute("aria-busy", "true")


class PermissionPromptTests(BrowserTestCase):
    def test_a_module_asking_for_network_shows_allow_and_not_now_and_allow_opens_it(self):
        render = (
            'int fd = socket(AF_INET, SOCK_STREAM, 0);'
            ' api->text(view, fd >= 0 ? "network: allowed" : errno == EPERM ? "network: EPERM" : "network: other");'
            ' if (fd >= 0) close(fd);')
        served, directory = self.serve_modules(
            '{"root": {"tabs": [{"name": "a", "module": "asker"}, {"name": "h", "module": "hot"}]}}',
            {"asker.so": module_source("asker", "Asker", render, permissions="network"), "hot.so": hot_module(1)})
        page = self.page(served.url)
        main = page.get_by_role("main")
        expect(main).to_contain_text("Asker asks to: connect to the network")
        expect(main.get_by_role("button", name="Not now")).to_be_visible()
        self.screenshot(page, "permission-prompt.png")
        main.get_by_role("button", name="Allow").click()
        expect(main).to_contain_text("network: allowed")
        store = os.path.join(served.scratch, "config", "tabhost", "permissions.json")
        with open(store, encoding="utf-8") as f:
            kept = json.load(f)
        self.assertIn("network", json.dumps(kept))
        self.assertEqual(os.stat(store).st_mode & 0o777, 0o600)
        # Not now on a second session of a module asking for more: it runs without it.
        second, _ = self.serve_modules(
            '{"root": {"tabs": [{"name": "a", "module": "asker"}]}}',
            {"asker.so": module_source("asker", "Asker", render, permissions="network")})
        page = self.page(second.url)
        main = page.get_by_role("main")
        main.get_by_role("button", name="Not now").click()
        expect(main).to_contain_text("network: EPERM")


# A screen with every ABI 1.2 node, in TabKit's Codable form (what `tabhost serve` sends).
ALL_NODES = {
    "title": "Inputs",
    "content": {"nodes": [
        {"type": "section", "title": "/tmp/Logs of the Day"},
        {"type": "textField", "id": "name", "value": "Ada", "placeholder": "Your name"},
        {"type": "textField", "id": "pw", "value": "", "placeholder": "Password", "secure": True},
        {"type": "textField", "id": "body", "value": "", "placeholder": "What is happening?", "multiline": True},
        {"type": "toggle", "id": "wifi", "label": "Wi-Fi", "on": True},
        {"type": "toggle", "id": "bt", "label": "Bluetooth", "on": False},
        {"type": "progress", "label": "Downloading", "fraction": 0.4},
        {"type": "progress", "label": "Waiting"},
        {"type": "section", "title": "Processes"},
        {"type": "table", "headers": ["PID", "Name", "CPU %"], "rows": [
            {"cells": ["1", "init", "0.1"], "action": "p1", "rowActions": [{"label": "Kill", "action": "kill1"}]},
            {"cells": ["4242", "tabhost", "3.5"], "action": "p4242", "style": ["bold"]},
            {"cells": ["7", "idle"]},
        ]},
        {"type": "row", "title": "Notes.txt", "detail": "2 KB", "action": "open",
         "rowActions": [{"label": "Share", "action": "share"}, {"label": "Delete", "action": "del"}]},
        {"type": "text", "text": "Disk almost full", "style": ["error"]},
        {"type": "text", "text": "Backups are late", "style": ["warning", "dim"]},
        {"type": "text", "text": "uptime 3 days", "style": ["success", "monospace"]},
        {"type": "button", "label": "Save", "action": "save", "style": ["bold"]},
    ]},
    "tabBar": {"position": "bottom", "items": [
        {"title": "Inputs", "isSelected": True, "isMore": False}, {"title": "Other", "isSelected": False, "isMore": False}]},
    "isModal": False,
}


class MockedSocket:
    """The page's WebSocket answered by the test (Playwright's route_web_socket): it sends frames and
    updates the test writes and records the actions the page sends."""

    def __init__(self, page):
        self.route = None
        self.received = []
        page.route_web_socket("**/ws", self._connected)

    def _connected(self, route):
        self.route = route
        route.on_message(lambda message: self.received.append(json.loads(message)))

    def frame(self, screen):
        self.route.send(json.dumps({"type": "frame", "screen": screen}))

    def update(self, **changes):
        self.route.send(json.dumps({"type": "update", "changes": changes}))

    def actions(self, kind=None):
        return [a for a in self.received if kind is None or a["type"] == kind]


class NewNodesTests(BrowserTestCase):
    """The ABI 1.2 nodes as the page draws them and what it sends, against a screen the test sends."""

    def mocked(self, screen=ALL_NODES, **options):
        served = self.serve()
        page = self.page(**options)
        socket = MockedSocket(page)
        page.goto(served.url)
        deadline = time.monotonic() + 10
        while socket.route is None and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        self.assertIsNotNone(socket.route, "the page never opened its WebSocket")
        socket.frame(screen)
        expect(title(page)).to_have_text(screen["title"])
        return page, socket

    def wait_for(self, page, predicate, what):
        deadline = time.monotonic() + 5
        while not predicate() and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        self.assertTrue(predicate(), what)

    def test_every_new_node_has_its_element_and_role(self):
        page, _ = self.mocked(height=1100)
        main = page.get_by_role("main")
        name = main.get_by_role("textbox", name="Your name")
        expect(name).to_have_value("Ada")
        self.assertEqual(name.evaluate("e => e.tagName + ':' + e.type"), "INPUT:text")
        password = main.get_by_label("Password")
        self.assertEqual(password.evaluate("e => e.tagName + ':' + e.type"), "INPUT:password")
        body = main.get_by_role("textbox", name="What is happening?")
        self.assertEqual(body.evaluate("e => e.tagName"), "TEXTAREA")
        expect(body).to_have_attribute("placeholder", "What is happening?")
        expect(main.get_by_role("switch", name="Wi-Fi")).to_have_attribute("aria-checked", "true")
        expect(main.get_by_role("switch", name="Bluetooth")).to_have_attribute("aria-checked", "false")
        bars = main.get_by_role("progressbar")
        expect(bars).to_have_count(2)
        expect(main.get_by_role("progressbar", name="Downloading")).to_have_attribute("value", "0.4")
        self.assertIsNone(main.get_by_role("progressbar", name="Waiting").get_attribute("value"), "not indeterminate")
        table = main.get_by_role("table")
        expect(table.get_by_role("columnheader")).to_have_text(["PID", "Name", "CPU %", "Actions"])
        expect(table.locator("tbody tr")).to_have_count(3)
        expect(table.get_by_role("row", name=re.compile("tabhost"))).to_have_class(re.compile("style-bold"))
        expect(table.get_by_role("button", name="Kill")).to_be_visible()
        expect(main.get_by_role("button", name="Share")).to_be_visible()
        expect(main.get_by_role("button", name="Delete")).to_be_visible()
        # Styles: a class each, and the tone's word for screen readers before the text.
        error = main.locator("p.text.style-error")
        expect(error).to_have_text("Error: Disk almost full")
        expect(error.locator(".visually-hidden")).to_have_text("Error: ")
        self.assertNotEqual(error.evaluate("e => getComputedStyle(e).color"),
                            main.locator("p.text").nth(2).evaluate("e => getComputedStyle(document.body).color"))
        expect(main.locator("p.text.style-warning.style-dim")).to_have_text("Warning: Backups are late")
        mono = main.locator("p.text.style-monospace")
        self.assertIn("mono", mono.evaluate("e => getComputedStyle(e).fontFamily").lower())
        # Text as the module wrote it: a section header keeps its case.
        header = main.get_by_role("heading", name="/tmp/Logs of the Day")
        expect(header).to_be_visible()
        self.assertEqual(header.inner_text(), "/tmp/Logs of the Day")
        self.assertEqual(header.evaluate("e => getComputedStyle(e).textTransform"), "none")
        self.screenshot(page, "inputs.png")
        page.emulate_media(color_scheme="dark")
        self.screenshot(page, "inputs-dark.png")

    def test_typing_sends_every_edit_and_never_a_shortcut(self):
        page, socket = self.mocked()
        name = page.get_by_role("textbox", name="Your name")
        name.click()
        name.press("End")
        page.keyboard.type("q1")
        page.keyboard.press("Backspace")
        page.keyboard.type("2 héllo wörld ✓")
        expect(name).to_have_value("Adaq2 héllo wörld ✓")
        self.wait_for(page, lambda: socket.actions("editText")
                      and socket.actions("editText")[-1]["value"] == "Adaq2 héllo wörld ✓", "the last edit")
        edits = socket.actions("editText")
        self.assertEqual(edits[0], {"type": "editText", "field": "name", "value": "Adaq"})
        self.assertEqual(edits[1]["value"], "Adaq1")
        self.assertEqual(edits[2]["value"], "Adaq")
        # No key was a host shortcut: no tab switch, no Back, no key event.
        self.assertEqual([a for a in socket.received if a["type"] in ("selectTab", "back", "key", "dismiss")], [])
        self.assertIn({"type": "focus", "id": "name"}, socket.received)
        page.keyboard.press("Enter")
        self.wait_for(page, lambda: socket.actions("submit"), "a submit")
        self.assertEqual(socket.actions("submit"), [{"type": "submit", "field": "name", "value": "Adaq2 héllo wörld ✓"}])
        # Esc leaves the field; then the keys are the host's again (2 picks the second tab).
        page.keyboard.press("Escape")
        expect(name).not_to_be_focused()
        page.keyboard.press("2")
        self.wait_for(page, lambda: socket.actions("selectTab"), "a tab switch after leaving the field")
        self.assertEqual(socket.actions("selectTab"), [{"type": "selectTab", "slot": 1}])

    def test_a_frame_while_typing_keeps_the_caret_and_the_text(self):
        page, socket = self.mocked()
        name = page.get_by_role("textbox", name="Your name")
        name.click()
        name.press("End")
        page.keyboard.type("bc")
        name.press("ArrowLeft")  # the caret between b and c
        # The module's echo of an older keystroke, and other content changing: the field stays.
        content = json.loads(json.dumps(ALL_NODES["content"]))
        content["nodes"][1]["value"] = "Adab"
        content["nodes"].insert(0, {"type": "text", "text": "a new line above"})
        socket.update(content=content)
        expect(page.get_by_role("main")).to_contain_text("a new line above")
        expect(name).to_be_focused()
        expect(name).to_have_value("Adabc")
        self.assertEqual(name.evaluate("e => [e.selectionStart, e.selectionEnd]"), [4, 4])
        page.keyboard.type("X")
        expect(name).to_have_value("AdabXc")
        # The module clears the field itself (after a submit): its value wins.
        content["nodes"][2]["value"] = ""
        socket.update(content=content)
        expect(name).to_have_value("")
        expect(name).to_be_focused()

    def test_a_toggle_a_table_row_and_row_actions_send_their_actions(self):
        page, socket = self.mocked()
        main = page.get_by_role("main")
        wifi = main.get_by_role("switch", name="Wi-Fi")
        wifi.click()
        main.get_by_role("switch", name="Bluetooth").focus()
        page.keyboard.press("Space")
        table = main.get_by_role("table")
        table.get_by_role("row", name=re.compile("init")).click()
        table.get_by_role("row", name=re.compile("tabhost")).focus()
        page.keyboard.press("Enter")
        table.get_by_role("button", name="Kill").click()
        main.get_by_role("button", name="Delete").click()
        self.wait_for(page, lambda: len(socket.actions("activate")) == 4, "four activations")
        self.assertEqual(socket.actions("toggle"), [{"type": "toggle", "id": "wifi", "on": False},
                                                    {"type": "toggle", "id": "bt", "on": True}])
        self.assertEqual([a["id"] for a in socket.actions("activate")], ["p1", "p4242", "kill1", "del"])
        # The module's frame flips the switch.
        content = json.loads(json.dumps(ALL_NODES["content"]))
        content["nodes"][4]["on"] = False
        socket.update(content=content)
        expect(wifi).to_have_attribute("aria-checked", "false")

    def test_an_alert_is_an_alertdialog_that_traps_the_focus_and_escape_answers_the_last_button(self):
        page, socket = self.mocked()
        alert = {"id": "confirm", "title": "Delete Notes.txt?", "message": "This cannot be undone.",
                 "buttons": ["Delete", "Keep"]}
        socket.update(alert=alert)
        dialog = page.get_by_role("alertdialog", name="Delete Notes.txt?")
        expect(dialog).to_be_visible()
        expect(dialog).to_have_attribute("aria-describedby", "alert-message")
        expect(page.locator("#alert-message")).to_have_text("This cannot be undone.")
        expect(dialog.get_by_role("button", name="Keep")).to_be_focused()
        self.screenshot(page, "alert.png")
        # The focus stays on its buttons; keys and clicks under it do nothing.
        page.keyboard.press("Tab")
        expect(dialog.get_by_role("button", name="Delete")).to_be_focused()
        page.keyboard.press("Tab")
        expect(dialog.get_by_role("button", name="Keep")).to_be_focused()
        page.keyboard.press("2")
        page.keyboard.press("Escape")
        self.wait_for(page, lambda: socket.actions("answerAlert"), "an answer")
        self.assertEqual(socket.actions("answerAlert"), [{"type": "answerAlert", "id": "confirm", "button": "Keep"}])
        self.assertEqual(socket.actions("selectTab"), [])
        socket.update(alert=None)
        expect(dialog).to_have_count(0)
        socket.update(alert=dict(alert, id="again"))
        page.get_by_role("alertdialog").get_by_role("button", name="Delete").click()
        self.wait_for(page, lambda: len(socket.actions("answerAlert")) == 2, "the second answer")
        self.assertEqual(socket.actions("answerAlert")[1], {"type": "answerAlert", "id": "again", "button": "Delete"})

    def test_named_keys_reach_the_module_as_their_own_values(self):
        screen = {"title": "Keys", "content": {"nodes": [{"type": "text", "text": "nothing focusable"}]}, "isModal": False}
        page, socket = self.mocked(screen)
        for key in ["Backspace", "Delete", "Escape", "Home", "End", "PageUp", "PageDown", "Tab", "q"]:
            page.keyboard.press(key)
        self.wait_for(page, lambda: len(socket.actions("key")) == 9, "nine keys")
        self.assertEqual([a["key"] for a in socket.actions("key")],
                         [0x110005, 0x110006, 0x110007, 0x110009, 0x11000A, 0x11000B, 0x11000C, 0x110008, ord("q")])

    def test_the_first_focusable_has_the_focus_when_a_screen_appears(self):
        page, socket = self.mocked()
        expect(page.get_by_role("textbox", name="Your name")).to_be_focused()
        self.wait_for(page, lambda: socket.actions("focus"), "the focus told")
        self.assertEqual(socket.actions("focus"), [{"type": "focus", "id": "name"}])


class InputModuleTests(BrowserTestCase):
    """A real 1.2 module behind `tabhost serve`: what the page sends reaches it."""

    def inputs(self):
        served, _ = self.serve_modules(
            '{"root": {"tabs": [{"name": "inputs", "module": "inputs"}, {"name": "hot", "module": "hot"}]}}',
            {"inputs.so": INPUTS_MODULE, "hot.so": hot_module(1)})
        page = self.page(served.url)
        main = page.get_by_role("main")
        expect(main).not_to_be_empty()
        if "NO 1.2 VIEW CALLS" in main.inner_text():
            self.fail("the host gave the module no 1.2 view calls (text_field, toggle, columns, alert)")
        return page, main

    def test_typed_text_reaches_the_module_and_q1_and_utf8_switch_no_tab(self):
        page, main = self.inputs()
        field = main.get_by_role("textbox", name="Filter")
        field.click()
        page.keyboard.type("q1 größer ✓")
        expect(main).to_contain_text("Got [q1 größer ✓]")
        expect(page.get_by_role("tab", name="Inputs")).to_have_attribute("aria-selected", "true")
        expect(field).to_have_value("q1 größer ✓")
        page.keyboard.press("Enter")
        expect(main).to_contain_text("Submitted [q1 größer ✓]")
        expect(field).to_have_value("")  # the module cleared it

    def test_a_toggle_flips_and_a_table_has_headers(self):
        page, main = self.inputs()
        wifi = main.get_by_role("switch", name="Wi-Fi")
        expect(wifi).to_have_attribute("aria-checked", "false")
        wifi.click()
        expect(wifi).to_have_attribute("aria-checked", "true")
        expect(main).to_contain_text("Toggle is on")
        table = main.get_by_role("table")
        expect(table.get_by_role("columnheader")).to_have_text(["PID", "Name", "Actions"])
        table.get_by_role("button", name="Kill").click()
        expect(main).to_contain_text("Action [kill1]")
        expect(main.get_by_role("heading", name="/tmp/Logs of the Day")).to_have_text("/tmp/Logs of the Day")

    def test_an_alert_answer_reaches_the_module_and_escape_answers_the_last_button(self):
        page, main = self.inputs()
        main.get_by_role("button", name="Ask").click()
        dialog = page.get_by_role("alertdialog", name="Delete it?")
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name="Delete").click()
        expect(main).to_contain_text("Answer [Delete]")
        expect(dialog).to_have_count(0)
        main.get_by_role("button", name="Ask").click()
        expect(dialog).to_be_visible()
        page.keyboard.press("Escape")
        expect(main).to_contain_text("Answer [Cancel]")


# ABI 1.2 from outside (the tmux twins are RunABI12OutsideTests): a module that pushes or presents an
# editor and shows the TAB_EVENT_RESULT it gets back, and one with timers by id.




class ResultsAndTimersTests(BrowserTestCase):
    """Results and timers of a 1.2 module behind `tabhost serve`, in process and isolated (the default)."""

    ISOLATIONS = (("none", ["--isolation", "none"]), ("default", []))

    def serve_outside(self, isolation):
        directory = tempfile.mkdtemp(prefix="tabhost-browser-outside-")
        self.addCleanup(shutil.rmtree, directory, True)
        for name in ("opener", "editor", "timers"):
            compile_module(os.path.join(directory, name + ".so"), fixture_module(name))
        layout = os.path.join(directory, "layout.json")
        with open(layout, "w", encoding="utf-8") as f:
            f.write('{"root": {"tabs": [{"name": "opener", "module": "opener"}, {"name": "timers", "module": "timers"}]}}')
        served = self.serve("--modules", directory, "--layout", layout, *isolation)
        page = self.page(served.url)
        return page, page.get_by_role("main")

    def test_finish_sends_the_result_back_and_back_sends_null(self):
        for name, isolation in self.ISOLATIONS:
            with self.subTest(isolation=name):
                page, main = self.serve_outside(isolation)
                expect(main).to_contain_text("results=0 none yet")
                main.get_by_role("button", name="Push editor").click()
                expect(main).to_contain_text("Editor (pushed)")
                main.get_by_role("textbox", name="Note").click()
                page.keyboard.type("hi there")
                main.get_by_role("button", name="Save").click()
                expect(main).to_contain_text("results=1 result from editor: hi there")
                expect(main).not_to_contain_text("Editor (")

                main.get_by_role("button", name="Push editor").click()
                expect(main).to_contain_text("Editor (pushed)")
                back_button(page).click()
                expect(main).to_contain_text("results=2 result from editor: (null)")

                main.get_by_role("button", name="Present editor").click()
                expect(main).to_contain_text("Editor (presented)")
                main.get_by_role("textbox", name="Note").click()
                page.keyboard.type("from the modal")
                main.get_by_role("button", name="Save").click()
                expect(main).to_contain_text("results=3 result from editor: from the modal")
                expect(page.locator("#app")).not_to_have_class(re.compile(r"\bmodal\b"))

    def test_timers_fire_by_id_and_a_cancelled_one_never_fires_again(self):
        def counters(text):
            return {key: int(value) for key, value in re.findall(r"([a-z-]+)=(-?\d+)", text)}

        for name, isolation in self.ISOLATIONS:
            with self.subTest(isolation=name):
                page, main = self.serve_outside(isolation)
                page.get_by_role("tab", name=re.compile("^Timers")).click()
                expect(main).to_contain_text(re.compile(r"fast=([3-9]|\d\d+) slow=[1-9]\d* once=1 again=1"))
                main.get_by_role("button", name="Stop fast").click()
                expect(main).to_contain_text(re.compile(r"cancelled-at=\d+"))
                stopped = counters(main.inner_text())
                at_cancel = stopped["cancelled-at"]
                # Watch until slow has fired three more times: fast never moves from where it was cancelled.
                deadline = time.monotonic() + 20
                while True:
                    now = counters(main.inner_text())
                    self.assertEqual(now["fast"], at_cancel, f"fast fired after its cancel: {now}")
                    self.assertEqual((now["once"], now["again"]), (1, 1), f"a one-shot timer fired again: {now}")
                    if now["slow"] >= stopped["slow"] + 3:
                        break
                    self.assertLess(time.monotonic(), deadline, f"slow stopped too: {now}")
                    time.sleep(0.05)


class TerminalAndBrowserTests(BrowserTestCase):
    def test_terminal_and_browser_share_one_session(self):
        scratch = tempfile.mkdtemp(prefix="tabhost-browser-")
        log = os.path.join(scratch, "tabhost.log")
        terminal = Tmux(f"'{TABHOST}' run --web 0 --no-watch --log '{log}'")
        try:
            screen = terminal.wait_for(lambda s: ADDRESS.search(s), "the browser address in the status line")
            url = ADDRESS.search(screen).group(0)
            # The log names the address without its token: the token is the terminal's, not the log's.
            token = ADDRESS.search(screen).group(3)
            deadline = time.monotonic() + 5
            while "web: serving" not in open(log, encoding="utf-8").read() and time.monotonic() < deadline:
                time.sleep(0.05)
            with open(log, encoding="utf-8") as f:
                text = f.read()
            self.assertIn(url.split("?")[0], text, "the address is not in the log")
            self.assertNotIn(token, text, "the token is in the log")
            page = self.page(url)
            # Browser → terminal.
            page.get_by_role("button", name="Jack").click()
            terminal.wait_for(lambda s: "Favourites" in s and "Coffee at nine" in s, "Jack's favourites")
            # Terminal → browser: digit 2 picks the More tab, Enter opens its first row.
            terminal.send("2")
            expect(page.get_by_role("tab", name=re.compile("^More"))).to_have_attribute("aria-selected", "true")
            terminal.send("Enter")
            expect(title(page)).to_have_text("Jack: Followers")
            # Browser Back → terminal.
            back_button(page).click()
            terminal.wait_for(lambda s: "Followers" in s and "Jack: Followers" not in s, "Jack's More list again")
            self.screenshot(page, "run-web.png")
            terminal.send("q")
            deadline = time.monotonic() + 10
            while page.locator("#app").get_attribute("data-connection") == "live" and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertNotEqual(page.locator("#app").get_attribute("data-connection"), "live")
        finally:
            terminal.kill()
            shutil.rmtree(scratch, ignore_errors=True)



# A module that shows the events it got and how often it rendered: built against the 1.0 and 1.1 headers
# (it never calls invalidate) and the 1.2 one (it does), it must run unchanged (rendered after every event).
OLDER_MODULE = r"""
#include "tab_module.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct recorder { const tab_host_api *api; tab_host *host; char events[256]; int renders; } recorder;
static void *create(const tab_host_api *api, tab_host *host) {
    recorder *self = calloc(1, sizeof *self);
    if (self != NULL) { self->api = api; self->host = host; }
    return self;
}
static void render(void *opaque, tab_view *view) {
    recorder *self = opaque;
    char line[300];
    self->renders++;
    self->api->row(view, "Tap", NULL, "tap");
    snprintf(line, sizeof line, "minor %d renders %d events %s", TAB_MODULE_ABI_MINOR, self->renders, self->events);
    self->api->text(view, line);
}
static void event(void *opaque, const tab_event *e) {
    recorder *self = opaque;
    if (e->type == TAB_EVENT_ACTION && strlen(self->events) + strlen(e->action) + 4 < sizeof self->events) {
        strcat(self->events, "A:");
        strcat(self->events, e->action);
        strcat(self->events, " ");
    }
#if TAB_MODULE_ABI_MINOR >= 2
    self->api->invalidate(self->host);
#endif
}
static void destroy(void *opaque) { free(opaque); }
static const tab_module_descriptor descriptor = {
    TAB_MODULE_DESCRIPTOR_HEADER, .name = "recorder", .title = "Recorder",
    .create = create, .render = render, .event = event, .destroy = destroy,
};
TAB_MODULE_DECLARE(descriptor)
"""


class OlderHeaderTests(BrowserTestCase):
    """Modules built against the 1.0, 1.1 and 1.2 headers, served by the 1.3 host (isolated, the default)."""

    def test_an_older_module_is_drawn_and_rendered_after_every_event(self):
        for header, minor in (("1.0", 0), ("1.1", 1), ("1.2", 2)):
            with self.subTest(header=header):
                served, _ = self.serve_modules('{"root": {"tabs": [{"name": "r", "module": "recorder"}]}}',
                                               {"recorder.so": OLDER_MODULE}, header=header)
                page = self.page(served.url)
                main = page.get_by_role("main")
                expect(main).to_contain_text(f"minor {minor} renders 1 events")
                main.get_by_text("Tap", exact=True).click()
                expect(main).to_contain_text(f"minor {minor} renders 2 events A:tap")

if __name__ == "__main__":
    unittest.main()


def make_certificate(directory):
    """A self-signed P-256 certificate for 127.0.0.1 and localhost in `directory`: (cert, key, the base64
    SHA-256 of its public key, which Chromium's --ignore-certificate-errors-spki-list takes)."""
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-days", "2", "-keyout", key, "-out", cert],
        check=True, capture_output=True)
    public = subprocess.run(["openssl", "x509", "-in", cert, "-pubkey", "-noout"], check=True, capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public, check=True, capture_output=True).stdout
    return cert, key, base64.b64encode(hashlib.sha256(der).digest()).decode()


class TLSTests(BrowserTestCase):
    """`tabhost serve --tls-cert --tls-key`: the page over HTTPS in Chromium, which trusts this certificate by
    its public key (it reads no SSL_CERT_FILE), a WebSocket over TLS from Python's ssl (verifying against the
    certificate), and records that arrive a byte at a time."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.certificates = tempfile.mkdtemp(prefix="tabhost-browser-tls-")
        cls.cert, cls.key, spki = make_certificate(cls.certificates)
        cls.tls_browser = cls.playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=(["--no-sandbox"] if os.geteuid() == 0 else []) + [f"--ignore-certificate-errors-spki-list={spki}"])

    @classmethod
    def tearDownClass(cls):
        cls.tls_browser.close()
        shutil.rmtree(cls.certificates, ignore_errors=True)
        super().tearDownClass()

    def serve_tls(self, *arguments):
        served = self.serve("--tls-cert", self.cert, "--tls-key", self.key, *arguments)
        self.assertTrue(served.url.startswith("https://127.0.0.1:"), served.url)
        return served

    def client_context(self):
        """Verifies the server against the certificate alone, by name, as a browser would."""
        return ssl.create_default_context(cafile=self.cert)

    def test_the_page_loads_over_https_and_a_tab_switch_works_in_chromium(self):
        served = self.serve_tls()
        context = self.tls_browser.new_context(viewport={"width": 430, "height": 640})
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        response = page.goto(served.url)
        self.assertEqual(response.status, 200)
        self.assertEqual(response.security_details()["protocol"][:5], "TLS 1")
        # The WebSocket (wss://, same origin) is live and has brought a screen.
        expect(page.locator("#app")).to_have_attribute("data-connection", "live")
        expect(page.locator("#app")).to_have_attribute("data-frames", re.compile("[1-9]"))
        self.assertEqual(page.url, served.origin + "/")
        self.assertEqual(page.evaluate("location.protocol"), "https:")
        page.get_by_role("main").get_by_role("button", name="Jack").click()
        expect(title(page)).to_have_text("Jack")
        more = page.get_by_role("tab", name=re.compile("^More"))
        more.click()
        expect(more).to_have_attribute("aria-selected", "true")
        self.assert_tab_images_loaded(page)
        self.screenshot(page, "https-more.png")

    def test_without_trusting_the_certificate_chromium_gets_nothing(self):
        served = self.serve_tls()
        page = self.page()
        with self.assertRaises(Exception) as failure:
            page.goto(served.url)
        self.assertIn("ERR_CERT", str(failure.exception))

    def websocket(self, served, origin=None):
        """A WebSocket over TLS, verified; the token as its subprotocol, the page's Origin. Returns the socket,
        the status line and what followed the head."""
        raw = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        tls = self.client_context().wrap_socket(raw, server_hostname="127.0.0.1")
        key = base64.b64encode(os.urandom(16)).decode()
        tls.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
                     f"Sec-WebSocket-Protocol: tabhost, tabhost.token.{served.token}\r\n"
                     f"Origin: {origin or served.origin}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                     f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = tls.recv(4096)
            if not chunk:
                break
            head += chunk
        status = head.split(b"\r\n", 1)[0].decode()
        return tls, status, head.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in head else b""

    @staticmethod
    def receive_text(tls, pending):
        """The next text message, reading past what `pending` already holds: (text, what is left)."""
        def need(count):
            nonlocal pending
            while len(pending) < count:
                chunk = tls.recv(65536)
                if not chunk:
                    raise AssertionError("the server closed the WebSocket")
                pending += chunk
        need(2)
        length = pending[1] & 0x7F
        offset = 2
        if length == 126:
            need(4)
            length, offset = struct.unpack(">H", pending[2:4])[0], 4
        elif length == 127:
            need(10)
            length, offset = struct.unpack(">Q", pending[2:10])[0], 10
        need(offset + length)
        text = pending[offset:offset + length].decode()
        return text, pending[offset + length:]

    @staticmethod
    def send_text(tls, text):
        data = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81]) + (bytes([0x80 | len(data)]) if len(data) < 126 else bytes([0x80 | 126]) + struct.pack(">H", len(data)))
        tls.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def test_a_websocket_round_trip_over_tls(self):
        served = self.serve_tls()
        tls, status, pending = self.websocket(served)
        try:
            self.assertIn(" 101 ", status)
            first, pending = self.receive_text(tls, pending)
            frame = json.loads(first)
            self.assertEqual(frame["type"], "frame")
            self.assertEqual(frame["screen"]["title"], "Accounts")
            self.send_text(tls, '{"type":"activate","id":"Jack"}')
            update, pending = self.receive_text(tls, pending)
            self.assertEqual(json.loads(update)["changes"]["title"], "Jack")
        finally:
            tls.close()
        # Over HTTPS the page's origin is https://: the http:// one is refused.
        tls, status, _ = self.websocket(served, origin=f"http://127.0.0.1:{served.port}")
        tls.close()
        self.assertIn(" 400 ", status)

    def test_records_that_arrive_a_byte_at_a_time_are_reassembled(self):
        served = self.serve_tls()
        incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
        client = self.client_context().wrap_bio(incoming, outgoing, server_hostname="127.0.0.1")
        raw = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def dribble():
            # Every byte in its own segment: the server sees partial records and partial handshake messages.
            data = outgoing.read()
            for i in range(len(data)):
                raw.send(data[i:i + 1])
                time.sleep(0.001)

        def pump():
            chunk = raw.recv(65536)
            if chunk:
                incoming.write(chunk)
            else:
                incoming.write_eof()

        try:
            while True:
                try:
                    client.do_handshake()
                    break
                except ssl.SSLWantReadError:
                    dribble()
                    pump()
            dribble()
            client.write(f"GET /?token={served.token} HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nConnection: close\r\n\r\n".encode())
            dribble()
            response = b""
            while True:
                try:
                    piece = client.read(65536)
                    if not piece:
                        break
                    response += piece
                except ssl.SSLWantReadError:
                    pump()
                except ssl.SSLZeroReturnError:
                    # The server's close_notify before its FIN.
                    break
                except ssl.SSLEOFError:
                    self.fail(f"the server closed without close_notify after {len(response)} bytes")
        finally:
            raw.close()
        self.assertTrue(response.startswith(b"HTTP/1.1 200"), response[:200])
        self.assertIn(b"<html", response)

    def test_a_large_image_arrives_whole_over_https(self):
        # About 3 MiB of noise in a PNG (it does not compress): hundreds of TLS records, and a response
        # larger than the socket's buffers, so the server's writes wait for the client to read.
        # In the module's directory: images are served from nowhere else.
        modules = tempfile.mkdtemp(prefix="tabhost-browser-big-modules-")
        self.addCleanup(shutil.rmtree, modules, True)
        big = os.path.join(modules, "big.png")
        size = 1000
        rows = b"".join(b"\x00" + os.urandom(size * 3) for _ in range(size))

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        with open(big, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
                    + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))
        with open(big, "rb") as f:
            expected = hashlib.sha256(f.read()).hexdigest()
        self.assertGreater(os.path.getsize(big), 3_000_000)
        module = module_source("big", "Big", f'api->image(view, "{big}", "big picture");')
        compile_module(os.path.join(modules, "big.so"), module)
        layout = os.path.join(modules, "layout.json")
        with open(layout, "w", encoding="utf-8") as f:
            f.write('{"root": {"tabs": [{"name": "big", "module": "big"}]}}')
        served = self.serve_tls("--modules", modules, "--layout", layout)
        context = self.tls_browser.new_context(viewport={"width": 430, "height": 640})
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(served.url)
        expect(page.locator("#app")).to_have_attribute("data-connection", "live")
        figure = page.get_by_role("main").locator("figure img")
        page.wait_for_function("img => img.complete && img.naturalWidth === 1000", arg=figure.element_handle())
        digest = page.evaluate("""async src => {
            const bytes = await (await fetch(src)).arrayBuffer();
            const hash = await crypto.subtle.digest("SHA-256", bytes);
            return Array.from(new Uint8Array(hash)).map(b => b.toString(16).padStart(2, "0")).join("");
        }""", figure.get_attribute("src"))
        self.assertEqual(digest, expected)


# Tests/Fixtures/modules/abi13.c, which RunABI13TerminalTests builds too.
ABI13_MODULE = fixture_module("abi13")


class ABI13Tests(BrowserTestCase):
    """ABI 1.3 in Chromium, by role: title-bar buttons (a disabled one), the shortcuts' footer and a
    shortcut, a toast announced (role status), bold spans, copy_text through the Clipboard API after a
    click, and a lazy list of 1,000,000 rows that draws more as its placeholder scrolls into view; End, Home
    and the wheel over that list, in process and isolated."""

    def test_the_new_calls_by_role(self):
        served, _ = self.serve_modules('{"root": {"stack": {"module": "abi13"}}}', {"abi13.so": ABI13_MODULE})
        page = self.page(served.url, permissions=["clipboard-read", "clipboard-write"])
        banner = page.get_by_role("banner")
        expect(banner.get_by_role("button", name="Cancel")).to_be_enabled()
        expect(banner.get_by_role("button", name="Post")).to_be_disabled()
        expect(page.locator("#shortcuts")).to_have_text("/ Search  n New")
        main = page.get_by_role("main")
        expect(main.locator(".span.style-bold")).to_have_text("@ann")

        main.get_by_role("button", name="Row 0", exact=True).focus()
        page.keyboard.press("Escape")  # leave nothing focused that takes "/"
        page.keyboard.press("/")
        expect(page.locator("#toast")).to_have_text("Searching now")
        expect(page.locator("#toast")).to_have_attribute("aria-live", "polite")
        expect(main).to_contain_text("last search")

        banner.get_by_role("button", name="Cancel").click()
        expect(main).to_contain_text("last cancel")
        main.get_by_role("button", name="Row 3", exact=True).click()
        expect(main).to_contain_text("last open 3")
        expect(page.locator("#app")).to_have_attribute("data-copied", "open 3")
        self.assertEqual(page.evaluate("navigator.clipboard.readText()"), "open 3")

        expect(main.get_by_role("button", name="Row 100", exact=True)).to_have_count(0)
        # The top of the placeholders after the rows drawn scrolled into view: the rows there come in.
        main.locator(".placeholder").last.evaluate("item => item.scrollIntoView({block: 'start'})")
        expect(main.get_by_role("button", name="Row 70", exact=True)).to_be_in_viewport()

    def test_end_home_and_the_wheel_over_a_million_rows(self):
        for name, isolation in ResultsAndTimersTests.ISOLATIONS:
            with self.subTest(isolation=name):
                served, _ = self.serve_modules(
                    '{"root": {"stack": {"module": "abi13"}}}', {"abi13.so": ABI13_MODULE}, options=isolation)
                page = self.page(served.url)
                main = page.get_by_role("main")
                rows = main.get_by_role("list")
                # The rows not drawn are placeholders as tall as they are, named by the rows they stand for.
                expect(rows.get_by_role("listitem", name="Rows 65 to 1000000, not loaded yet")).to_have_count(1)
                main.get_by_role("button", name="Row 0", exact=True).focus()
                page.keyboard.press("End")
                last = main.get_by_role("button", name="Row 999999", exact=True)
                expect(last).to_be_focused()
                expect(last).to_be_in_viewport()
                expect(rows.get_by_role("listitem", name=re.compile(r"^Rows 1 to \d+, not loaded yet$"))).to_have_count(1)
                page.keyboard.press("Home")
                first = main.get_by_role("button", name="Row 0", exact=True)
                expect(first).to_be_focused()
                expect(first).to_be_in_viewport()
                # The wheel scrolls the list past the rows drawn: the rows it brings into view come in.
                first.hover()
                page.mouse.wheel(0, 20000)
                # (The rows drawn reach above and below the view: the one in its middle is a row in view.)
                page.wait_for_function("""() => {
                    const view = document.querySelector("main").getBoundingClientRect();
                    const middle = document.elementFromPoint(view.left + view.width / 2, view.top + view.height / 2);
                    return Number(/^Row (\\d+)/.exec(middle?.closest("[data-focus]")?.textContent ?? "")?.[1]) >= 100;
                }""")
                expect(first).to_have_count(0)
