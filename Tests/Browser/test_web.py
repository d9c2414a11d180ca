"""Browser tests of the web front end: a real Chromium (Debian's package) driven by Playwright.

Run by Scripts/test after `swift test` (the built .build/debug/tabhost, or $TABHOST):
    python3 -m unittest discover -s Tests/Browser -v
Never `playwright install`: the browser is /usr/lib/chromium/chromium (Scripts/install-deps installs it).
"""

import http.server
import os
import re
import shutil
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
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})")


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
            env=dict(os.environ, XDG_CACHE_HOME=os.path.join(self.scratch, "cache")))
        self.url = self.process.stdout.readline().strip()
        match = ADDRESS.fullmatch(self.url)
        if not match:
            self.stop()
            raise AssertionError(f"unexpected first line: {self.url!r}")
        self.port, self.token = int(match.group(1)), match.group(2)
        self.origin = f"http://127.0.0.1:{self.port}"

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


def module_source(name, title, render, event="", start="", version="1.0", image=None):
    """A C content module. `render`, `event` and `start` are C statements using `api`, `host` and `self`
    (whose `int mode` they may keep), and `view`, `event` or `param`."""
    image_field = f'.image = "{image}", ' if image else ""
    return f"""
#include "tab_module.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>
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

# A module that crashes on any action.
CRASHY_MODULE = module_source(
    "crashy", "Crashy", 'api->button(view, "Crash", "crash");', event="if (event->type == TAB_EVENT_ACTION) raise(SIGSEGV);")


def compile_module(output, source_text):
    """Builds a module with cc against tab_module.h alone."""
    source = output + ".c"
    with open(source, "w", encoding="utf-8") as f:
        f.write(source_text)
    include = os.path.join(ROOT, "Sources", "CTabModule", "include")
    subprocess.run(["cc", "-shared", "-fPIC", "-Wall", "-Werror", "-I", include, "-o", output, source], check=True)
    os.remove(source)


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

    def serve_modules(self, layout, modules, watch=False):
        """`tabhost serve` of the C modules {file name: source} (plus hot.png) under `layout` (JSON text),
        in a directory removed after the test. Returns the served host and the directory."""
        directory = tempfile.mkdtemp(prefix="tabhost-browser-modules-")
        self.addCleanup(shutil.rmtree, directory, True)
        write_png(os.path.join(directory, "hot.png"))
        for name, source in modules.items():
            compile_module(os.path.join(directory, name), source)
        layout_path = os.path.join(directory, "layout.json")
        with open(layout_path, "w", encoding="utf-8") as f:
            f.write(layout)
        return self.serve("--modules", directory, "--layout", layout_path, watch=watch), directory

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
        # The token did its work and left the address bar; the session lives on in the cookie.
        self.assertEqual(page.url, served.origin + "/")
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

    def test_without_the_token_nothing_is_served(self):
        served = self.serve()
        page = self.page()
        response = page.goto(served.origin + "/")
        self.assertEqual(response.status, 401)
        response = page.goto(served.origin + "/?token=" + "0" * 32)
        self.assertEqual(response.status, 403)

    def test_a_page_from_another_origin_cannot_open_the_websocket(self):
        served = self.serve()
        page = self.page(served.url)  # this browser holds the cookie
        # Another web app on this machine: same site as the host (ports do not separate sites, so the
        # SameSite=Strict cookie goes along), another origin.
        other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OtherApp)
        threading.Thread(target=other.serve_forever, daemon=True).start()
        try:
            page.goto(f"http://127.0.0.1:{other.server_port}/")
            expect(page.locator("p")).to_have_text("another app")
            opened = """url => new Promise(resolve => {
                const ws = new WebSocket(url);
                ws.onopen = () => resolve("open");
                ws.onerror = () => resolve("refused");
                setTimeout(() => resolve("timeout"), 5000);
            })"""
            socket = f"ws://127.0.0.1:{served.port}/ws"
            self.assertEqual(page.evaluate(opened, socket), "refused")
            # Even with the token itself in the address.
            self.assertEqual(page.evaluate(opened, socket + "?token=" + served.token), "refused")
        finally:
            other.shutdown()
        deadline = time.monotonic() + 5
        expected = f"refused a WebSocket: Origin http://127.0.0.1:{other.server_port} is not http://127.0.0.1:{served.port}"
        while served.log_text().count(expected) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(served.log_text().count(expected), 2, served.log_text())

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
        self.assertTrue(tab.locator("img").get_attribute("src").endswith("hot.png"))

        # A new build dropped in place (renamed over the old file, as an installer does).
        compile_module(os.path.join(modules, "hot.so.new"), hot_module(2))
        os.replace(os.path.join(modules, "hot.so.new"), os.path.join(modules, "hot.so"))
        expect(page.get_by_role("main")).to_contain_text("Version 2", timeout=20000)
        expect(page.locator("#status")).to_contain_text("reloaded hot")


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
        main.get_by_role("button", name="Restart").click()
        expect(main.get_by_role("button", name="Crash")).to_be_visible()


class TerminalAndBrowserTests(BrowserTestCase):
    def test_terminal_and_browser_share_one_session(self):
        scratch = tempfile.mkdtemp(prefix="tabhost-browser-")
        log = os.path.join(scratch, "tabhost.log")
        terminal = Tmux(f"'{TABHOST}' run --web 0 --no-watch --log '{log}'")
        try:
            screen = terminal.wait_for(lambda s: ADDRESS.search(s), "the browser address in the status line")
            url = ADDRESS.search(screen).group(0)
            with open(log, encoding="utf-8") as f:
                self.assertIn(url, f.read(), "the address is not in the log")
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


if __name__ == "__main__":
    unittest.main()
