import ChirperCore
import Foundation
import Testing

/// `make install` puts the player, its demo server, the three shells' completions and the man page where
/// each is looked for, under DESTDIR; `make uninstall` takes exactly those away. Run on the debug build
/// (`make install-files`, the copying step of `make install`), so the test builds nothing.
@Suite("make install and uninstall into a temporary root")
struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let subcommands = ["search", "browse", "queue", "info", "play", "download", "sonogram", "cache", "pack", "list", "history", "names", "demo", "serve-demo"]

    @Test func theFilesGoWhereShellsAndManLookAndUninstallTakesThemAway() async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("chirper-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let binaries = ChirperProcess.binary.deletingLastPathComponent().path
        let install = try await Spawn.run("/usr/bin/make", ["-s", "-C", Self.root.path, "install-files", "BINDIR=\(binaries)", "DESTDIR=\(destination.path)", "PREFIX=/usr/local"])
        #expect(install.status == 0, "\(install.output)")
        let prefix = destination.appendingPathComponent("usr/local")
        for binary in ["bin/chirper", "bin/chirper-demo"] {
            #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent(binary).path), "\(binary)")
        }
        // The bird names, where chirper installed there looks for them, and read by it.
        let taxonomy = prefix.appendingPathComponent("share/chirper/taxonomy.tsv")
        #expect(FileManager.default.fileExists(atPath: taxonomy.path), "the taxonomy installed")
        let named = try await ChirperProcess.run(["names", "eurbla"], environment: ["CHIRPER_TAXONOMY": ""],
                                                 executable: prefix.appendingPathComponent("bin/chirper"))
        #expect(named.status == 0 && named.stdout.contains("eurbla → Common Blackbird, Turdus merula"), "\(named.stdout)\(named.stderr)")
        let texts = ["share/bash-completion/completions/chirper", "share/zsh/site-functions/_chirper",
                     "share/fish/vendor_completions.d/chirper.fish", "share/man/man1/chirper.1", "share/man/man1/chirper-demo.1"]
        for path in texts {
            let text = (try? String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)) ?? ""
            #expect(!text.isEmpty, "\(path) installed")
            #expect(!text.hasPrefix("#!"), "\(path) is sourced, not run")
            for command in Self.subcommands where !path.hasSuffix(".1") {
                #expect(text.contains(command), "\(path) mentions \(command)")
            }
        }
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/chirper.1"), encoding: .utf8)
        #expect(manual.hasPrefix(".TH CHIRPER 1"), "a roff page")
        let demoPage = try await Spawn.run("/usr/bin/man", ["-l", prefix.appendingPathComponent("share/man/man1/chirper-demo.1").path],
                                           environment: ["LANG": "C.UTF-8", "MANWIDTH": "200", "PATH": "/usr/bin:/bin"])
        #expect(demoPage.status == 0 && demoPage.output.contains("--catalog catalog") && demoPage.output.contains("chirper(1)"), "\(demoPage.output)")
        // As man shows it: every character of the help texts kept, the hidden command left out, the
        // sections a page is read for present.
        let shown = try await Spawn.run("/usr/bin/man", ["-l", prefix.appendingPathComponent("share/man/man1/chirper.1").path],
                                        environment: ["LANG": "C.UTF-8", "MANWIDTH": "200", "PATH": "/usr/bin:/bin"])
        #expect(shown.status == 0)
        for text in ["↑ ↓ j k move", "[ ] speed −/+ 10 %", "FILES", "ENVIRONMENT", "EXIT STATUS", "XC_API_KEY",
                     "~/.config/chirper/config", "130    interrupted", "chirper quiz", "chirper pack build"] {
            #expect(shown.output.contains(text), "man chirper shows \(text)")
        }
        // Every key of every screen, as the one key map has it (lines joined: man wraps where it likes).
        let flowing = shown.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("74 standard output could not be written"), "the exit status of lost output")
        for screen in [KeyScreen.browse, .play, .queue, .compare, .quizIntroduction, .quiz(.typing), .quiz(.choices), .quiz(.selfGraded), .quizAnswer, .quizGrade, .quizSummary(misses: true)] {
            for key in KeyLists.all(on: screen) {
                let said = (key.keys + " " + key.action).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(flowing.contains(said), "man chirper shows \(said) (\(screen))")
            }
        }
        #expect(!shown.output.contains("chirper decode") && !shown.output.contains("chirper help"), "hidden commands are not listed")
        for command in Self.subcommands {
            #expect(shown.output.contains("chirper \(command)"), "man chirper shows chirper \(command)")
        }

        let uninstall = try await Spawn.run("/usr/bin/make", ["-s", "-C", Self.root.path, "uninstall", "DESTDIR=\(destination.path)", "PREFIX=/usr/local"])
        #expect(uninstall.status == 0)
        for path in ["bin/chirper", "bin/chirper-demo", "share/chirper/taxonomy.tsv", "share/chirper"] + texts {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path) removed")
        }
    }
}
