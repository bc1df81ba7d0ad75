#!/usr/bin/env python3
"""chirper.1 from chirper's own command definitions (`chirper --experimental-dump-help`).

argument-parser's generate-manual drops every character outside ASCII (the arrow keys of the help
texts) and lists hidden commands; this writes the page from the same definitions with every character
kept (as groff's \\[uXXXX] escapes, which any man reads), hidden commands left out, and the sections a
man page is looked up for: FILES, ENVIRONMENT, EXIT STATUS.

Usage: manpage.py PATH-TO-CHIRPER > chirper.1
       manpage.py PATH-TO-CHIRPER-DEMO > chirper-demo.1   (the page of the demo server, by its name)
"""
import json
import subprocess
import sys

FILES = [
    ("~/.config/chirper/config",
     "Settings as name = value lines (# starts a comment): key (the API key), api-url, and the defaults of "
     "the options volume, speed, per-page, device and color; chirper config shows each setting in force and "
     "where it came from. $XDG_CONFIG_HOME/chirper/config when XDG_CONFIG_HOME is set."),
    ("~/.cache/chirper/recordings",
     "Recordings played whole, replayed without a request (chirper cache list, chirper cache clear). "
     "$CHIRPER_CACHE, else $XDG_CACHE_HOME/chirper/recordings."),
    ("~/.local/share/chirper/library.sqlite",
     "The library: packs, lists, history, quiz progress (SQLite). $XDG_DATA_HOME/chirper when XDG_DATA_HOME is set."),
    ("~/.local/share/chirper/packs/NAME",
     "A pack's recordings, its pack.json and CREDITS.md."),
]

ENVIRONMENT = [
    ("XC_API_KEY", "The xeno-canto API key, when --key is not given."),
    ("XC_API_URL", "The API's address, when --api-url is not given (the demo catalog's, for one)."),
    ("PULSE_SINK", "The sink to play to, when --device is not given (before device in the config file)."),
    ("CHIRPER_CACHE", "The folder of the recordings' cache."),
    ("XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_DATA_HOME", "Where the config file, the cache and the library are (see FILES)."),
    ("PULSE_SERVER", "The sound server, as for any PulseAudio client (also --server)."),
    ("DBUS_SESSION_BUS_ADDRESS", "The session bus where what plays is offered to media keys, desktop widgets and playerctl (MPRIS); without one, nothing is offered."),
    ("NO_COLOR", "When set, sonograms are drawn without colour (as --color never), whatever the config file says."),
    ("COLORTERM", "truecolor or 24bit: sonograms on a terminal in true colour; else 256 colours."),
    ("SSL_CERT_FILE, SSL_CERT_DIR", "The certificates HTTPS trusts: a PEM bundle, else a folder of them, as OpenSSL's tools read them; "
     "when neither is set, the system's."),
    ("COLUMNS", "The width of sonogram's picture when standard output is not a terminal (1 to 1000; else 100)."),
    ("TERM", "A terminal that cannot show escape codes (dumb) gets plain lines."),
]

EXIT_STATUS = [
    ("0", "found: the command did what was asked"),
    ("1", "no match: the query found no recording"),
    ("2", "usage: a bad option, argument or command"),
    ("3", "API key problem: none given, or refused"),
    ("4", "network or server error, a bad response; download: the folder or file cannot be made"),
    ("5", "playback failed; download: a recording without a file, or another file holding its name"),
    ("6", "the library cannot be used (busy, damaged, not a database)"),
    ("74", "standard output could not be written (a full disk, an I/O error)"),
    ("130", "interrupted (Ctrl-C, SIGTERM)"),
]


def roff(text):
    """Text as roff reads it: backslashes and leading dots escaped, every non-ASCII character as \\[uXXXX]."""
    out = []
    for ch in text.replace("\\", "\\e"):
        code = ord(ch)
        if code < 128:
            out.append(ch)
        elif code > 0xFFFF:
            out.append("\\[u%X]" % code)
        else:
            out.append("\\[u%04X]" % code)
    lines = []
    for line in "".join(out).split("\n"):
        if line.startswith(".") or line.startswith("'"):
            line = "\\&" + line
        lines.append(line.replace("-", "\\-"))
    return "\n".join(lines)


def option_names(argument):
    names = argument.get("names") or []
    shown = []
    for name in names:
        kind, text = name["kind"], name["name"]
        shown.append(("-" if kind == "short" else "--" if kind == "long" else "-") + text)
    return shown


def usage_of(argument):
    value = argument.get("valueName", "value")
    if argument["kind"] == "positional":
        text = value + ("..." if argument.get("isRepeating") else "")
        return text if not argument.get("isOptional") else "[" + text + "]"
    return None


def write_command(out, command, path):
    shown = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)]
    positionals = " ".join(u for u in (usage_of(a) for a in shown) if u)
    header = " ".join(path) + (" " + positionals if positionals else "")
    out.append(".SS \"%s\"" % roff(header).replace('"', '\\(dq'))
    if command.get("abstract"):
        out.append(roff(command["abstract"]))
    if command.get("discussion"):
        out.append(".PP")
        out.append(roff(command["discussion"]))
    for argument in shown:
        out.append(".TP")
        if argument["kind"] == "positional":
            out.append("\\fI%s\\fR" % roff(argument.get("valueName", "value")))
        else:
            names = ", ".join("\\fB%s\\fR" % roff(n) for n in option_names(argument))
            if argument["kind"] == "option":
                names += " \\fI%s\\fR" % roff(argument.get("valueName", "value"))
            out.append(names)
        help_text = argument.get("abstract", "")
        if argument.get("defaultValue") not in (None, "", "false") and "default" not in help_text:
            help_text += " (default: %s)" % argument["defaultValue"]
        out.append(roff(help_text) if help_text else "")
    for sub in command.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            write_command(out, sub, path + [sub["commandName"]])


def head(name, abstract, synopsis, description):
    """A page's title, NAME, SYNOPSIS (roff lines after the name) and DESCRIPTION."""
    return [
        '.TH %s 1 "" "chirper" "User Commands"' % name.upper(),
        # No hyphenation: keys, options and names are typed as written, never split across lines.
        ".nh",
        ".SH NAME",
        name + " \\- " + roff(abstract),
        ".SH SYNOPSIS",
        ".B " + name,
    ] + synopsis + [".SH DESCRIPTION", roff(description)]


def manual(tool):
    root = tool["command"]
    out = head("chirper", root.get("abstract", ""), [".I command", "[\\fIoptions\\fR] [\\fIarguments\\fR]"],
               "Chirper searches the xeno-canto archive of bird and wildlife sounds, lists the results in the "
               "terminal and plays the recordings (MP3 through PulseAudio or PipeWire). Each command below has "
               "its own --help.") + [".SH COMMANDS"]
    for sub in root.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            write_command(out, sub, ["chirper", sub["commandName"]])
    out.append(".SH FILES")
    for path, text in FILES:
        out += [".TP", "\\fI%s\\fR" % roff(path), roff(text)]
    out.append(".SH ENVIRONMENT")
    for name, text in ENVIRONMENT:
        out += [".TP", "\\fB%s\\fR" % roff(name), roff(text)]
    out.append(".SH EXIT STATUS")
    for code, text in EXIT_STATUS:
        out += [".TP", "\\fB%s\\fR" % code, roff(text)]
    out += [".SH SEE ALSO", "\\fBmpg123\\fR(1), \\fBmpv\\fR(1), \\fBpactl\\fR(1), https://xeno-canto.org/explore/api"]
    return "\n".join(out) + "\n"


def demo_manual(tool):
    """chirper-demo.1: the server `chirper demo` and `chirper serve-demo` start, and its options."""
    root = tool["command"]
    out = head("chirper-demo", root.get("abstract", ""), ["[\\fIoptions\\fR]"],
               "The built-in demo catalog of Chirper: synthesised recordings served by an HTTP server "
               "compatible with xeno-canto's API, for trying Chirper and for its tests without the internet. "
               "chirper demo and chirper serve-demo start it; it is rarely run by hand.") + [".SH OPTIONS"]
    body = []
    write_command(body, root, ["chirper-demo"])
    # The options alone: the heading and abstract are the page's NAME and DESCRIPTION already.
    out += [line for line in body if not line.startswith(".SS")][1 if root.get("abstract") else 0:]
    out += [".SH SEE ALSO", "\\fBchirper\\fR(1)"]
    return "\n".join(out) + "\n"


def main():
    dump = subprocess.run([sys.argv[1], "--experimental-dump-help"], check=True, capture_output=True).stdout
    tool = json.loads(dump)
    is_demo = tool["command"].get("commandName") == "chirper-demo"
    sys.stdout.write(demo_manual(tool) if is_demo else manual(tool))


if __name__ == "__main__":
    main()
