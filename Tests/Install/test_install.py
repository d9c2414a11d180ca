"""Scripts/install end to end: a release install into a temporary prefix, a C module built against
it with pkg-config, the Swift scaffold built against its SDK package, the installed binary run from
its prefix (`list`, a short `run` in tmux), and --uninstall removing exactly what was installed.

Run after `swift build` by Scripts/test: python3 -m unittest discover -s Tests/Install -v
(the install makes a release build, about 8 minutes the first time, shared with Scripts/bench).
"""
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(argv, check=True, **kwargs):
    result = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if check and result.returncode != 0:
        raise AssertionError(f"{' '.join(argv)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


def tree(directory):
    """Every file and directory below `directory`, relative, sorted."""
    found = []
    for parent, dirs, files in os.walk(directory):
        for name in dirs + files:
            found.append(os.path.relpath(os.path.join(parent, name), directory))
    return sorted(found)


class Tmux:
    """A detached tmux session of its own (own server socket), 100×30, running one shell command."""

    def __init__(self, command, env=None):
        self.socket = f"tabhost-install-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        run(["tmux", "-L", self.socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "-s", "t",
             "sh", "-c", command], env=env)

    def screen(self):
        return run(["tmux", "-L", self.socket, "capture-pane", "-p", "-t", "t"]).stdout

    def send(self, *keys):
        run(["tmux", "-L", self.socket, "send-keys", "-t", "t", *keys])

    def wait_for(self, text, timeout=30):
        deadline = time.monotonic() + timeout
        screen = self.screen()
        while text not in screen:
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {text!r}; last screen:\n{screen}")
            time.sleep(0.05)
            screen = self.screen()
        return screen

    def close(self):
        run(["tmux", "-L", self.socket, "kill-server"], check=False)


class InstallTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.mkdtemp(prefix="tabhost-install-test-")
        cls.prefix = os.path.join(cls.scratch, "prefix")
        # Something of the user's under the prefix that the uninstall must leave alone.
        os.makedirs(os.path.join(cls.prefix, "share", "man"))
        cls.keep = os.path.join(cls.prefix, "share", "man", "keep.txt")
        with open(cls.keep, "w") as f:
            f.write("not tabhost's\n")
        cls.before = tree(cls.prefix)
        result = subprocess.run([os.path.join(ROOT, "Scripts", "install"), "--prefix", cls.prefix],
                                capture_output=True, text=True)
        if result.returncode != 0:
            shutil.rmtree(cls.scratch, ignore_errors=True)
            raise AssertionError(f"Scripts/install failed:\n{result.stdout}\n{result.stderr[-4000:]}")
        cls.output = result.stdout
        cls.tabhost = os.path.join(cls.prefix, "bin", "tabhost")
        cls.env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(cls.prefix, "lib", "pkgconfig"),
                       XDG_DATA_HOME=os.path.join(cls.scratch, "data"), XDG_STATE_HOME=os.path.join(cls.scratch, "state"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def test_1_the_prefix_holds_binary_helper_sdk_layouts_examples_completions_and_man_page(self):
        for path in ["bin/tabhost", "libexec/tabhost/tabhost-module-host", "libexec/tabhost/tabhost-web", "libexec/tabhost/tabhost-bundle",
                     "include/tabhost/tab_module.h",
                     "lib/pkgconfig/tabhost.pc", "share/tabhost/layouts/demo.json", "share/tabhost/layouts/fancy.json",
                     "lib/tabhost/modules/libTabExampleClock.so",
                     "lib/tabhost/modules/TabHost_TabExampleClock.resources/assets/clock.svg",
                     "lib/tabhost/modules/libTabExampleCounter.so", "share/tabhost/TabModuleKit/Package.swift",
                     "share/bash-completion/completions/tabhost",
                     "share/zsh/site-functions/_tabhost", "share/fish/vendor_completions.d/tabhost.fish",
                     "share/man/man1/tabhost.1", "share/tabhost/install-manifest"]:
            self.assertTrue(os.path.isfile(os.path.join(self.prefix, path)), path)
        self.assertTrue(os.access(self.tabhost, os.X_OK))
        with open(os.path.join(self.prefix, "share/man/man1/tabhost.1")) as f:
            man = f.read()
        self.assertIn(".Nm tabhost", man)
        self.assertIn("dev", man)
        with open(os.path.join(self.prefix, "share/bash-completion/completions/tabhost")) as f:
            self.assertIn("dev", f.read())

    def test_1a_the_benchmark_commands_are_not_installed(self):
        # tabhost-bench is Scripts/bench's, built by the same release build: no user runs it.
        installed = [path for path in tree(self.prefix) if "tabhost-bench" in os.path.basename(path)]
        self.assertEqual(installed, [])
        with open(os.path.join(self.prefix, "share", "tabhost", "install-manifest")) as f:
            self.assertNotIn("tabhost-bench", f.read())
        help_text = run([self.tabhost, "--help"], env=self.env).stdout
        self.assertNotIn("bench", help_text)

    def test_2_pkg_config_gives_the_header_and_a_scaffold_builds_against_it(self):
        cflags = run(["pkg-config", "--cflags", "tabhost"], env=self.env).stdout.strip()
        self.assertEqual(cflags, f"-I{self.prefix}/include/tabhost")
        work = os.path.join(self.scratch, "c")
        os.makedirs(work)
        run([self.tabhost, "new", "hello", "--output", work], env=self.env)
        project = os.path.join(work, "hello")
        # Without its copied header the project can only build against the installed one.
        os.remove(os.path.join(project, "tab_module.h"))
        with open(os.path.join(project, "Makefile")) as f:
            makefile = f.read().replace("hello.c tab_module.h", "hello.c")
        with open(os.path.join(project, "Makefile"), "w") as f:
            f.write(makefile)
        made = run(["make", "-C", project], env=self.env)
        self.assertIn(f"-I{self.prefix}/include/tabhost", made.stdout)
        listed = run([self.tabhost, "list", project], env=self.env, cwd="/")
        self.assertRegex(listed.stdout, r"hello +0\.1\.0 +content +Hello")

    def test_3_the_installed_binary_finds_its_examples_and_layouts_under_its_prefix(self):
        listed = run([self.tabhost, "list"], env=self.env, cwd="/")
        modules = os.path.join(self.prefix, "lib", "tabhost", "modules")
        self.assertRegex(listed.stdout, re.escape(f"{modules}/libTabExampleClock.so") + r" +ok")
        self.assertNotIn(ROOT, listed.stdout + listed.stderr)
        # The installed demo layout is the one used: change it and the screen follows.
        demo = os.path.join(self.prefix, "share", "tabhost", "layouts", "demo.json")
        with open(demo) as f:
            original = f.read()
        try:
            with open(demo, "w") as f:
                f.write(original.replace('"root": {"stack": {"module": "accounts"}}', '"root": {"stack": {"module": "clock"}}'))
            log = os.path.join(self.scratch, "run.log")
            tmux = Tmux(f"cd / && exec '{self.tabhost}' run --log '{log}'", env=self.env)
            try:
                tmux.wait_for("Local time")
                tmux.send("q")
            finally:
                tmux.close()
        finally:
            with open(demo, "w") as f:
                f.write(original)

    def test_3a_the_installed_tabhost_carries_its_swift_runtime_and_runs_swift_modules_in_process(self):
        # Release tabhost links the Swift runtime and FoundationEssentials statically (start-up time);
        # a Swift module run in process brings the shared runtime with it, beside the host's copy.
        libraries = run(["ldd", self.tabhost]).stdout
        self.assertNotIn("libswiftCore.so", libraries)
        self.assertNotIn("libFoundationEssentials.so", libraries)
        self.assertEqual(run(["nm", "-D", "--defined-only", self.tabhost]).stdout.strip(), "",
                         "the host exports no symbols a module's lookups could bind to")
        log = os.path.join(self.scratch, "inprocess.log")
        tmux = Tmux(f"cd / && '{self.tabhost}' run --isolation none --log '{log}'; echo EXIT=$?; sleep 60", env=self.env)
        try:
            tmux.wait_for("Jill")
            tmux.send("Enter")  # Jack: pushes the account's tabs, each a Swift module
            tmux.wait_for("Jack's favourites")
            tmux.send("q")
            tmux.wait_for("EXIT=0")
        finally:
            tmux.close()

    def test_3b_the_installed_serve_execs_the_installed_tabhost_web_and_prints_its_address(self):
        # `tabhost` links no web stack: `serve` execs PREFIX/libexec/tabhost/tabhost-web (same pid).
        process = subprocess.Popen([self.tabhost, "serve", "--port", "0", "--log", os.path.join(self.scratch, "serve.log")],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env, cwd="/")
        try:
            line = process.stdout.readline()
            self.assertRegex(line, r"^http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{32}$")
            exe = os.readlink(f"/proc/{process.pid}/exe")
            self.assertEqual(exe, os.path.join(self.prefix, "libexec", "tabhost", "tabhost-web"))
        finally:
            process.terminate()
            _, err = process.communicate(timeout=30)
        self.assertEqual(process.returncode, 0, err)
        self.assertNotIn(ROOT, err)

    def test_4_the_swift_scaffold_builds_against_the_installed_sdk(self):
        work = os.path.join(self.scratch, "swift")
        os.makedirs(work)
        run([self.tabhost, "new", "bar", "--swift", "--output", work], env=self.env)
        project = os.path.join(work, "bar")
        with open(os.path.join(project, "Package.swift")) as f:
            self.assertIn(f'.package(path: "{self.prefix}/share/tabhost/TabModuleKit")', f.read())
        run(["swift", "build", "--package-path", project], env=self.env)
        listed = run([self.tabhost, "list", os.path.join(project, ".build", "debug")], env=self.env, check=False)
        self.assertRegex(listed.stdout, r"bar +0\.1\.0 +content +Bar")

    def test_5_uninstall_removes_exactly_what_was_installed(self):
        run([os.path.join(ROOT, "Scripts", "install"), "--prefix", self.prefix, "--uninstall"])
        self.assertEqual(tree(self.prefix), self.before)
        with open(self.keep) as f:
            self.assertEqual(f.read(), "not tabhost's\n")
        again = run([os.path.join(ROOT, "Scripts", "install"), "--prefix", self.prefix, "--uninstall"], check=False)
        self.assertEqual(again.returncode, 1)
        self.assertIn("nothing installed under", again.stderr)


if __name__ == "__main__":
    unittest.main()
