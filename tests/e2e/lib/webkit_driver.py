#!/usr/bin/python3
"""A small driver for WebKitGTK (the engine Safari shares), for tests/e2e.

Run under Xvfb (xvfb-run) by lib/engines.js. Reads one JSON command per
line on stdin and writes one JSON answer per line on file descriptor 3;
stdout is left to WebKit, which writes the pages' console messages there
(WebKitSettings:enable-write-console-messages-to-stdout), and engines.js
reads them as the console.

Commands ({"id": n, "cmd": ..., ...}; every answer carries the id and
either "value" or "error"):
  version                       -> "2.50.6"
  init   source                 -> runs `source` in every page before its scripts
  open   url, width, height     -> navigates and waits for the load to finish
                                   ("commit": true waits only for the
                                   document to start, not its images)
  eval   body, args             -> runs `body` as an async function body with
                                   the named arguments; its JSON-able result
  click  x, y                   -> a real left click (GDK button events) at
                                   the viewport point (x, y)
  key    name                   -> presses and releases a key (GDK keyval name)
  snapshot                      -> base64 PNG of the viewport as the screen
                                   shows it ("screen": false: as WebKit
                                   renders it afresh)
  quit
"""
import base64
import io
import json
import os
import shutil
import sys
import tempfile

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gdk, GLib, Gtk, WebKit2  # noqa: E402

answers = os.fdopen(3, "w", buffering=1)


class Driver:
    def __init__(self):
        self.window = Gtk.Window()
        self.window.set_default_size(1280, 900)
        # A context of its own, with nothing kept between runs; but with a
        # favicon database, as a reader's browser (Epiphany) has, so the
        # page's icon is fetched (or /favicon.ico probed) as it would be.
        context = WebKit2.WebContext.new_ephemeral()
        context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)
        self.icons = tempfile.mkdtemp(prefix="rulehub-webkit-icons-")
        context.set_favicon_database_directory(self.icons)
        self.view = WebKit2.WebView.new_with_context(context)
        settings = self.view.get_settings()
        settings.set_enable_write_console_messages_to_stdout(True)
        settings.set_enable_developer_extras(False)
        policy = os.environ.get("WEBKIT_COMPOSITING", "never")
        if policy == "never":
            settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)
        elif policy == "always":
            settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.ALWAYS)
        self.window.add(self.view)
        self.window.show_all()
        self.pending = None  # (id, kind)
        self.view.connect("load-changed", self.on_load_changed)
        self.view.connect("load-failed", self.on_load_failed)
        # Commands run one at a time, in order: the next starts when the
        # last one has answered.
        self.queue = []
        self.busy = False
        self.buffer = b""
        GLib.io_add_watch(0, GLib.IO_IN | GLib.IO_HUP, self.on_input)

    def answer(self, cid, value=None, error=None):
        msg = {"id": cid}
        if error is not None:
            msg["error"] = error
        else:
            msg["value"] = value
        answers.write(json.dumps(msg) + "\n")
        self.busy = False
        GLib.idle_add(self.next_command)

    def on_input(self, fd, condition):
        chunk = os.read(0, 1 << 16)
        if not chunk:
            self.queue.append(None)
            self.next_command()
            return False
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        self.queue.extend(line for line in lines if line.strip())
        self.next_command()
        return True

    def next_command(self):
        if self.busy or not self.queue:
            return False
        line = self.queue.pop(0)
        if line is None:
            Gtk.main_quit()
            return False
        self.busy = True
        try:
            cmd = json.loads(line)
        except ValueError as e:
            self.answer(None, error=f"bad command: {e}")
            return False
        try:
            self.dispatch(cmd)
        except Exception as e:  # an answer, never a dead driver
            self.answer(cmd.get("id"), error=f"{type(e).__name__}: {e}")
        return False

    def dispatch(self, cmd):
        cid, name = cmd.get("id"), cmd.get("cmd")
        if name == "version":
            v = (WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
            self.answer(cid, "%d.%d.%d" % v)
        elif name == "init":
            script = WebKit2.UserScript.new(
                cmd["source"],
                WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
            self.view.get_user_content_manager().add_script(script)
            self.answer(cid, True)
        elif name == "open":
            w, h = cmd.get("width", 1280), cmd.get("height", 900)
            self.window.resize(w, h)
            self.view.set_size_request(w, h)
            self.pending = (cid, "committed" if cmd.get("commit") else "finished")
            self.view.load_uri(cmd["url"])
        elif name == "eval":
            args = cmd.get("args") or {}
            variant = GLib.Variant("a{sv}", {k: GLib.Variant("s", json.dumps(v)) for k, v in args.items()})
            # Each argument arrives as JSON text and is parsed in the page.
            prologue = "".join(f"{k} = JSON.parse({k});\n" for k in args)
            body = prologue + "return JSON.stringify(await (async () => {\n" + cmd["body"] + "\n})());"
            self.view.call_async_javascript_function(
                body, -1, variant if args else None, None, None, None, self.on_eval, cid
            )
        elif name == "snapshot" and cmd.get("screen", True):
            # What is on the screen (the X server's copy of the window), not
            # a fresh rendering: a picture WebKit failed to repaint shows
            # here as the reader sees it, where get_snapshot() would paint
            # the page anew.
            self.screen_snapshot(cid)
        elif name == "snapshot":
            self.view.get_snapshot(
                WebKit2.SnapshotRegion.VISIBLE, WebKit2.SnapshotOptions.NONE, None, self.on_snapshot, cid
            )
        elif name == "click":
            self.click(cmd["x"], cmd["y"])
            # The events reach the page through another channel than scripts
            # do: give them a moment to be handled before the next command.
            GLib.timeout_add(100, lambda: self.answer(cid, True))
        elif name == "key":
            self.key(cmd["name"])
            GLib.timeout_add(100, lambda: self.answer(cid, True))
        elif name == "quit":
            answers.write(json.dumps({"id": cid, "value": True}) + "\n")
            Gtk.main_quit()
        else:
            self.answer(cid, error=f"unknown command {name}")

    def on_load_changed(self, view, event):
        if not self.pending:
            return
        cid, want = self.pending
        if (want == "committed" and event == WebKit2.LoadEvent.COMMITTED) or (
            want == "finished" and event == WebKit2.LoadEvent.FINISHED
        ):
            self.pending = None
            self.answer(cid, view.get_uri())

    def on_load_failed(self, view, event, uri, error):
        if self.pending:
            cid, _ = self.pending
            self.pending = None
            self.answer(cid, error=f"load of {uri} failed: {error.message}")
        return True

    def on_eval(self, view, result, cid):
        try:
            value = view.call_async_javascript_function_finish(result)
            text = value.to_string() if value is not None and not value.is_undefined() else "null"
            self.answer(cid, json.loads(text) if text not in ("undefined", "") else None)
        except GLib.Error as e:
            self.answer(cid, error=f"script error: {e.message}")

    def on_snapshot(self, view, result, cid):
        try:
            surface = view.get_snapshot_finish(result)
            buf = io.BytesIO()
            surface.write_to_png(buf)
            self.answer(cid, base64.b64encode(buf.getvalue()).decode("ascii"))
        except GLib.Error as e:
            self.answer(cid, error=f"snapshot failed: {e.message}")

    def screen_snapshot(self, cid):
        # Let GTK draw what WebKit has painted before reading it back.
        def grab():
            window = self.view.get_window()
            w, h = self.view.get_allocated_width(), self.view.get_allocated_height()
            pixbuf = Gdk.pixbuf_get_from_window(window, 0, 0, w, h)
            if pixbuf is None:
                self.answer(cid, error="no picture of the window (not mapped?)")
                return False
            ok, data = pixbuf.save_to_bufferv("png", [], [])
            self.answer(cid, base64.b64encode(data).decode("ascii"))
            return False

        self.view.queue_draw()
        GLib.timeout_add(50, grab)

    def pointer(self):
        return Gdk.Display.get_default().get_default_seat().get_pointer()

    def click(self, x, y):
        target = self.view.get_window()
        for kind in (Gdk.EventType.BUTTON_PRESS, Gdk.EventType.BUTTON_RELEASE):
            ev = Gdk.Event.new(kind)
            ev.button.window = target
            ev.button.send_event = True
            ev.button.time = Gtk.get_current_event_time()
            ev.button.x = float(x)
            ev.button.y = float(y)
            ev.button.button = 1
            ev.button.state = Gdk.ModifierType.BUTTON1_MASK if kind == Gdk.EventType.BUTTON_RELEASE else 0
            ev.set_device(self.pointer())
            self.view.event(ev)

    def key(self, name):
        keyval = Gdk.keyval_from_name(name)
        keyboard = Gdk.Display.get_default().get_default_seat().get_keyboard()
        keymap = Gdk.Keymap.get_for_display(Gdk.Display.get_default())
        ok, keys = keymap.get_entries_for_keyval(keyval)
        for kind in (Gdk.EventType.KEY_PRESS, Gdk.EventType.KEY_RELEASE):
            ev = Gdk.Event.new(kind)
            ev.key.window = self.view.get_window()
            ev.key.send_event = True
            ev.key.time = Gtk.get_current_event_time()
            ev.key.keyval = keyval
            if ok and keys:
                ev.key.hardware_keycode = keys[0].keycode
            ev.set_device(keyboard)
            self.view.event(ev)


if __name__ == "__main__":
    driver = Driver()
    try:
        Gtk.main()
    finally:
        shutil.rmtree(driver.icons, ignore_errors=True)
