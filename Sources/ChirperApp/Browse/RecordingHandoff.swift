import ChirperCore
import Dispatch
import FoundationEssentials
import Glibc
import XenoCanto

/// Browse's `o` and `y`: a recording's page handed to the desktop's browser, its XC number to the
/// terminal's clipboard. Each returns what browse says about it below the rows.
enum RecordingHandoff {
    /// Starts `xdg-open` on the recording's page on xeno-canto (`Recording.page`: an answer cannot make
    /// the desktop open a file or another program's link), not waited for, its output away from the
    /// screen, in a process group of its own.
    static func openPage(of recording: Recording) -> String {
        guard let url = recording.page else { return "✗ XC\(recording.id) has no page to open" }
        guard let pid = ChildProcess.spawn(["xdg-open", url], ownGroup: true, quiet: true) else {
            return "✗ no xdg-open here (xdg-utils): the page is " + url
        }
        // Reaped when it ends, so it leaves no zombie while browse runs on.
        DispatchQueue.global().async { _ = ChildProcess.wait(pid) }
        return "Opening " + url + " in your browser"
    }

    /// Asks the terminal to put the XC number on the clipboard (OSC 52, which most terminals, and tmux
    /// with `set-clipboard on`, obey).
    static func copyNumber(of recording: Recording) -> String {
        let number = "XC" + recording.id.filter { $0.isASCII && $0.isNumber }
        StandardOutput.raw(TerminalEscape.setClipboard(base64: Data(number.utf8).base64EncodedString()))
        return number + " copied to the clipboard (if your terminal lets programs set it)"
    }
}
