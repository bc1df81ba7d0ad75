import ChirperCore
@testable import ChirperApp
@testable import MediaControl
import PlaybackModel
import Testing
import XenoCanto

@Suite("What the desktop is told and asks (MPRIS), as values")
struct DesktopPlayerTests {
    static let track = MediaTrack(number: 2, title: "Great Tit", artists: ["Ana Sousa"], url: "https://xeno-canto.org/900001", seconds: 12)

    @Test func theEnginesEventsMakeTheDesktopsState() {
        var state = MediaPlayerState()
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: true, event: .started(duration: 11.5))
        #expect(state.status == .playing && state.track?.seconds == 11.5 && state.canGoNext && state.canGoPrevious)
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: true, event: .position(elapsed: 3.25, duration: 11.5))
        #expect(state.position == 3.25)
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: true, event: .paused)
        #expect(state.status == .paused)
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: true, event: .buffering(progress: nil))
        #expect(state.status == .paused, "buffering changes nothing the desktop is told")
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: true, event: .resumed)
        #expect(state.status == .playing)
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: true, event: .finished)
        #expect(state.status == .stopped && state.position == 0)
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: false, canGoPrevious: false, event: .started(duration: nil))
        #expect(!state.canGoNext && !state.canGoPrevious, "a single recording in browse or the quiz")
    }

    @Test func requestsBecomeTheScreensCommands() {
        let playing = MediaPlayerState(status: .playing, track: Self.track, position: 10, canGoNext: true, canGoPrevious: true)
        let paused = MediaPlayerState(status: .paused, track: Self.track, position: 10)
        let last = MediaPlayerState(status: .playing, track: Self.track, position: 10, canGoNext: false, canGoPrevious: false)
        #expect(DesktopPlayer.commands(for: .playPause, in: playing) == [.listen(.togglePause)])
        #expect(DesktopPlayer.commands(for: .playPause, in: MediaPlayerState()) == [], "nothing to pause")
        #expect(DesktopPlayer.commands(for: .play, in: playing) == [], "play while playing")
        #expect(DesktopPlayer.commands(for: .play, in: paused) == [.listen(.togglePause)])
        #expect(DesktopPlayer.commands(for: .pause, in: paused) == [], "pause while paused")
        #expect(DesktopPlayer.commands(for: .pause, in: playing) == [.listen(.togglePause)])
        #expect(DesktopPlayer.commands(for: .next, in: playing) == [.listen(.next)])
        #expect(DesktopPlayer.commands(for: .previous, in: playing) == [.listen(.previous)])
        #expect(DesktopPlayer.commands(for: .next, in: last) == [], "no next: the play goes on")
        #expect(DesktopPlayer.commands(for: .previous, in: last) == [])
        #expect(DesktopPlayer.commands(for: .stop, in: playing) == [.quit])
        #expect(DesktopPlayer.commands(for: .seek(by: -4), in: playing) == [.listen(.seek(by: -4))])
        #expect(DesktopPlayer.commands(for: .seek(by: .nan), in: playing) == [])
        #expect(DesktopPlayer.commands(for: .setPosition(track: Self.track.objectPath, seconds: 2), in: playing) == [.listen(.seek(by: -8))])
        #expect(DesktopPlayer.commands(for: .setPosition(track: "/org/chirper/track/9", seconds: 2), in: playing) == [], "another track's")
        #expect(DesktopPlayer.commands(for: .setPosition(track: Self.track.objectPath, seconds: 30), in: playing) == [], "past the end")
        #expect(DesktopPlayer.commands(for: .setPosition(track: Self.track.objectPath, seconds: -1), in: playing) == [])
    }

    @Test func aRecordingIsDescribedByItsSpeciesRecordistAndPageAQuizByNothing() {
        var recording = Recording(id: "900001")
        recording.englishName = "Great Tit"
        recording.recordist = "Ana \u{1B}]52;c;aGk=\u{07}Sousa"
        let described = DesktopPlayer.Description.of(recording).track(number: 0, seconds: 2)
        #expect(described.title == "Great Tit")
        #expect(described.artists.first?.contains("\u{1B}") == false, "made displayable: \(described.artists)")
        #expect(described.url == "https://xeno-canto.org/900001")
        var odd = Recording(id: "9/../1")
        odd.genus = "Parus"
        odd.species = "major"
        #expect(DesktopPlayer.Description.of(odd).url == nil, "no page made from a number that is not one")
        #expect(DesktopPlayer.Description.of(odd).title == "Parus major")
        let question = DesktopPlayer.Description.question.track(number: 0, seconds: 2)
        #expect(question.artists.isEmpty && question.url == nil && !question.title.contains("Tit"))
    }

    @Test func onlyWhatChangedIsAnnouncedAndNeverThePosition() {
        let before = MediaPlayerState(status: .playing, track: Self.track, position: 1)
        var after = before
        after.position = 5
        #expect(after.changedProperties(since: before).isEmpty)
        after.status = .paused
        #expect(after.changedProperties(since: before).map(\.key) == ["PlaybackStatus"])
        let metadata = before.playerProperties["Metadata"]
        guard case .dictionary(let entries) = metadata else { Issue.record("no metadata"); return }
        #expect(entries["mpris:trackid"] == .objectPath("/org/chirper/track/2"))
        #expect(entries["mpris:length"] == .int64(12_000_000))
        #expect(entries["xesam:artist"] == .strings(["Ana Sousa"]))
        #expect(before.playerProperties["Position"] == .int64(1_000_000))
    }

    /// Browse numbers its plays: once it stops one, the desktop sees nothing playing, and the stopped
    /// play's late events change nothing.
    @Test func aStoppedPlaysLateEventsAreDropped() {
        let desktop = DesktopPlayer()
        defer { desktop.close() }
        desktop.apply(.paused, of: Self.track, canGoNext: false, play: 0)
        #expect(desktop.current.status == .paused)
        desktop.stopped(nextPlay: 1)
        #expect(desktop.current == MediaPlayerState())
        desktop.apply(.resumed, of: Self.track, canGoNext: false, play: 0)
        #expect(desktop.current.status == .stopped, "play 0's event, late")
        desktop.apply(.position(elapsed: 4, duration: nil), of: Self.track, canGoNext: false, play: 1)
        #expect(desktop.current.position == 4)
    }

    /// A jump the engine tells (a seek, a loop going back) is counted, to be told as Seeked; positions
    /// are not, however far apart (a stall, a fast speed), nor is a new track's start.
    @Test func jumpsAreCountedAsSeeks() {
        var state = DesktopPlayer.next(MediaPlayerState(), track: Self.track, canGoNext: false, event: .started(duration: nil))
        let events: [(PlaybackEvent, seeks: Int, position: Double)] = [
            (.position(elapsed: 0.3, duration: nil), 0, 0.3), (.position(elapsed: 9, duration: nil), 0, 9),
            (.jumped(to: 30), 1, 30), (.position(elapsed: 30.5, duration: nil), 1, 30.5),
            (.jumped(to: 4), 2, 4), (.position(elapsed: 1, duration: nil), 2, 1),
        ]
        for (event, seeks, position) in events {
            state = DesktopPlayer.next(state, track: Self.track, canGoNext: false, event: event)
            #expect(state.seeks == seeks && state.position == position, "after \(event)")
        }
        state = DesktopPlayer.next(state, track: Self.track, canGoNext: false, event: .started(duration: nil))
        #expect(state.seeks == 2 && state.position == 0)
    }
}

@Suite("What Introspect tells")
struct MediaPlayerIntrospectionTests {
    @Test func everyPropertyGetAllAnswersWithIsDeclaredWithItsType() {
        let text = MediaPlayerBus.introspection
        for entry in MediaPlayerState.rootProperties + MediaPlayerState().playerProperties {
            #expect(text.contains("<property name=\"\(entry.key)\" type=\"\(entry.value.signature)\" access=\"read\"/>"), "\(entry.key)")
        }
        #expect(text.contains("<property name=\"Metadata\" type=\"a{sv}\""))
    }
}
