import Audio
import PlaybackModel
import Testing

/// The engine's transitions one by one: the state after each event and the actions it asks for. Streams
/// are numbers here; in the engine they are PulseAudio streams.
@Suite struct EngineStateTests {
    typealias State = EngineState<Int>
    let first = Playing(index: 0, id: "1")
    let second = Playing(index: 1, id: "2")

    @Test func aTrackOpensBufferingAndPlaysWithItsFirstSound() {
        var state = State.idle
        #expect(state.handle(.trackBegan(first)) == [.report(first, .buffering(progress: nil))])
        #expect(state == .running(.opening(first, nil)))
        #expect(state.handle(.soundWritten(duration: 5, outputDry: false)) == [], "no stream yet: nothing can be heard")
        #expect(state == .running(.opening(first, nil)))
        #expect(state.handle(.outputOpened(7)) == [])
        #expect(state == .running(.opening(first, 7)))
        #expect(!state.isSounding)
        #expect(state.handle(.soundWritten(duration: 5, outputDry: false)) == [.report(first, .started(duration: 5))])
        #expect(state == .running(.playing(first, 7)))
        #expect(state.isSounding)
    }

    @Test func theNextTrackKeepsTheStreamItsFormatShares() {
        var state = State.running(.playing(first, 7))
        #expect(state.handle(.trackEnded) == [])
        #expect(state == .running(.draining(7)))
        #expect(state.track == nil, "the ended track is told nothing more")
        #expect(state.handle(.trackBegan(second)) == [.report(second, .buffering(progress: nil))])
        #expect(state == .running(.opening(second, 7)))
        #expect(state.handle(.soundWritten(duration: nil, outputDry: false)) == [.report(second, .started(duration: nil))])
        #expect(state == .running(.playing(second, 7)), "the same format: the same stream, no gap")
        #expect(state.handle(.outputOpened(8)) == [])
        #expect(state == .running(.playing(second, 8)), "a new format mid-track: the new stream takes over")
    }

    @Test func aDrySpellIsBufferingOnlyOnceItHasLasted() {
        var state = State.running(.playing(first, 7))
        #expect(state.handle(.outputRanDry(7, episode: 1)) == [.schedule(.dryLongEnough(7, episode: 1), after: State.dryLongEnough)])
        #expect(state == .running(.starving(first, 7, episode: 1)))
        #expect(state.isSounding, "too short to say: still playing")
        #expect(state.handle(.dryLongEnough(7, episode: 1)) == [.report(first, .buffering(progress: nil))])
        #expect(state == .running(.buffering(first, 7, .serverRanDry)))
        #expect(!state.isSounding, "no positions while buffering")
        #expect(state.handle(.outputRanDry(7, episode: 1)) == [], "said once")
        #expect(state.handle(.outputStarted(7)) == [.reportPosition(first)], "playing again at once, not at the next position")
        #expect(state == .running(.playing(first, 7)))
    }

    @Test func aShortDrySpellIsNotShownAndItsTimerIsForgotten() {
        var state = State.running(.playing(first, 7))
        _ = state.handle(.outputRanDry(7, episode: 1))
        #expect(state.handle(.outputStarted(7)) == [])
        #expect(state == .running(.playing(first, 7)))
        #expect(state.handle(.dryLongEnough(7, episode: 1)) == [], "the spell is over")
        _ = state.handle(.outputRanDry(7, episode: 2))
        #expect(state.handle(.dryLongEnough(7, episode: 1)) == [], "an earlier spell's timer says nothing of this one")
        #expect(state == .running(.starving(first, 7, episode: 2)))
    }

    @Test func aDroppedConnectionBuffersUntilItIsRegained() {
        var state = State.running(.playing(first, 7))
        #expect(state.handle(.reconnecting) == [.report(first, .buffering(progress: nil))])
        #expect(state == .running(.buffering(first, 7, .reconnecting)))
        #expect(state.handle(.reconnecting) == [], "said once, whatever the attempts")
        #expect(state.handle(.reconnected) == [.reportPosition(first)], "the server never ran dry: playing at once")
        #expect(state == .running(.playing(first, 7)))
    }

    @Test func aConnectionRegainedAfterTheServerRanDryWaitsForTheServerToStart() {
        var state = State.running(.buffering(first, 7, .reconnecting))
        #expect(state.handle(.outputRanDry(7, episode: 4)) == [])
        #expect(state == .running(.buffering(first, 7, .serverRanDry)))
        #expect(state.handle(.reconnected) == [], "bytes again, but nothing heard yet")
        #expect(state.handle(.outputStarted(7)) == [.reportPosition(first)])
        #expect(state == .running(.playing(first, 7)))
    }

    @Test func callbacksAboutTheLastTracksTailChangeNothing() {
        var opening = State.running(.opening(second, 7))
        #expect(opening.handle(.outputRanDry(7, episode: 3)) == [])
        #expect(opening.handle(.outputStarted(7)) == [])
        #expect(opening == .running(.opening(second, 7)))
        var draining = State.running(.draining(7))
        #expect(draining.handle(.outputRanDry(7, episode: 3)) == [])
        #expect(draining == .running(.draining(7)))
    }

    @Test func pauseCorksAndReportsAndResumeUncorks() {
        var state = State.running(.playing(first, 7))
        #expect(state.handle(.pause(true)) == [.cork(7, true), .report(first, .paused)])
        #expect(state == .paused(.playing(first, 7)))
        #expect(state.isPaused)
        #expect(state.handle(.pause(true)) == [], "paused already")
        #expect(state.handle(.outputRanDry(7, episode: 1)) == [], "a corked stream is dry by choice: not buffering")
        #expect(state.handle(.pause(false)) == [.cork(7, false), .report(first, .resumed)])
        #expect(state == .running(.playing(first, 7)))
        #expect(state.handle(.pause(false)) == [], "playing already")
    }

    @Test func resumingInADrySpellBuffersUntilTheServerPlaysAgain() {
        var state = State.running(.starving(first, 7, episode: 3))
        _ = state.handle(.pause(true))
        #expect(state.handle(.dryLongEnough(7, episode: 3)) == [], "the timer ran out while paused")
        #expect(state.handle(.pause(false)) == [.cork(7, false), .report(first, .resumed), .report(first, .buffering(progress: nil))])
        #expect(state == .running(.buffering(first, 7, .serverRanDry)), "never playing while the server is dry")
        #expect(state.handle(.outputStarted(7)) == [.reportPosition(first)])
        #expect(state == .running(.playing(first, 7)))
    }

    @Test func spaceTogglesOnTheStateOfTheMoment() {
        var state = State.running(.playing(first, 7))
        #expect(state.handle(.togglePause) == [.cork(7, true), .report(first, .paused)])
        #expect(state.handle(.togglePause) == [.cork(7, false), .report(first, .resumed)])
        #expect(state == .running(.playing(first, 7)))
    }

    @Test func pausedAfterTheLastWriteCanStillBeResumed() {
        var state = State.running(.draining(7))
        #expect(state.handle(.pause(true)) == [.cork(7, true)])
        #expect(state == .paused(.draining(7)))
        #expect(state.handle(.pause(false)) == [.cork(7, false)], "the drain goes on: the queue's end is heard")
        #expect(state == .running(.draining(7)))
    }

    @Test func theNextTrackOnAStreamThatRanDryBuffersUntilItRefills() {
        var state = State.running(.opening(second, 7))
        #expect(state.handle(.soundWritten(duration: 4, outputDry: true))
                == [.report(second, .started(duration: 4)), .report(second, .buffering(progress: nil))])
        #expect(state == .running(.buffering(second, 7, .serverRanDry)))
        #expect(state.handle(.outputStarted(7)) == [.reportPosition(second)])
    }

    @Test func anOlderStreamPlayingOutIsNoNews() {
        var state = State.running(.playing(second, 8))  // 7 had the last format and plays out on its own
        #expect(state.handle(.outputRanDry(7, episode: 1)) == [])
        #expect(state.handle(.dryLongEnough(7, episode: 1)) == [])
        #expect(state.handle(.outputStarted(7)) == [])
        #expect(state == .running(.playing(second, 8)))
    }

    @Test func aDrySpellThatMeetsADroppedConnectionEndsWithTheServersRestart() {
        var state = State.running(.starving(first, 7, episode: 2))
        #expect(state.handle(.reconnecting) == [.report(first, .buffering(progress: nil))])
        #expect(state == .running(.buffering(first, 7, .serverRanDry)))
        #expect(state.handle(.reconnected) == [], "bytes again, not yet sound")
        #expect(state.handle(.outputStarted(7)) == [.reportPosition(first)])
    }

    @Test func pausedBeforeTheStreamOpensCorksItAsItOpensAndTheNextTrackBeginsPaused() {
        var state = State.running(.opening(first, nil))
        #expect(state.handle(.pause(true)) == [.report(first, .paused)])
        #expect(state == .paused(.opening(first, nil)))
        #expect(state.handle(.outputOpened(7)) == [.cork(7, true)])
        #expect(state == .paused(.opening(first, 7)))
        #expect(state.handle(.soundWritten(duration: 3, outputDry: false)) == [.report(first, .started(duration: 3)), .report(first, .paused)],
                "started, then paused again: the row never shows playing while corked")
        #expect(state == .paused(.playing(first, 7)))
        #expect(state.handle(.trackEnded) == [])
        #expect(state.handle(.trackBegan(second)) == [.report(second, .buffering(progress: nil)), .report(second, .paused)])
        #expect(state == .paused(.opening(second, 7)))
        #expect(state.handle(.pause(false)) == [.cork(7, false), .report(second, .resumed)])
        #expect(state == .running(.opening(second, 7)))
    }

    @Test func stopCancelsTheStreamAndIsFinal() {
        var state = State.running(.starving(first, 7, episode: 2))
        #expect(state.handle(.stop) == [.cancel(7)])
        #expect(state == .stopped)
        #expect(state.isStopped)
        #expect(state.handle(.outputOpened(8)) == [.cancel(8)], "a stream opened while stopping is cancelled at once")
        #expect(state.handle(.trackBegan(second)) == [])
        #expect(state.handle(.pause(true)) == [])
        #expect(state.handle(.dryLongEnough(7, episode: 2)) == [])
        #expect(state.handle(.queueEnded) == [])
        #expect(state == .stopped)
    }

    @Test func stopWhilePausedCancelsTheCorkedStream() {
        var state = State.paused(.playing(first, 7))
        #expect(state.handle(.stop) == [.cancel(7)])
        #expect(state == .stopped)
    }

    @Test func stopWhileOpeningWithoutAStreamHasNothingToCancel() {
        var state = State.running(.opening(first, nil))
        #expect(state.handle(.stop) == [])
        #expect(state == .stopped)
    }

    @Test func theQueueEndingLeavesIdle() {
        var state = State.running(.draining(7))
        #expect(state.handle(.queueEnded) == [])
        #expect(state == .idle)
        #expect(state.output == nil)
        #expect(state.track == nil)
        #expect(state.handle(.pause(true)) == [], "nothing to pause")
        #expect(state == .idle)
    }

    @Test func whilePausedTheConnectionDropsAndReturnsAndTheRowStaysPaused() {
        var state = State.paused(.playing(first, 7))
        #expect(state.handle(.reconnecting) == [], "the row stays paused")
        #expect(state == .paused(.buffering(first, 7, .reconnecting)))
        #expect(state.handle(.pause(false)) == [.cork(7, false), .report(first, .resumed), .report(first, .buffering(progress: nil))],
                "resuming says it buffers")
        #expect(state.handle(.reconnected) == [.reportPosition(first)])
        #expect(state == .running(.playing(first, 7)))
    }

    @Test func aFirstSoundOnADryStreamWhilePausedIsStartedThenHeldAndBuffersOnResume() {
        var state = State.paused(.opening(second, 7))
        #expect(state.handle(.soundWritten(duration: 2, outputDry: true)) == [.report(second, .started(duration: 2)), .report(second, .paused)])
        #expect(state == .paused(.buffering(second, 7, .serverRanDry)))
        #expect(state.handle(.outputStarted(7)) == [], "a corked stream's callbacks wait")
        #expect(state.handle(.pause(false)) == [.cork(7, false), .report(second, .resumed), .report(second, .buffering(progress: nil))])
        #expect(state.handle(.outputStarted(7)) == [.reportPosition(second)])
        #expect(state == .running(.playing(second, 7)))
    }

    @Test func stoppedIgnoresEveryEventButCancelsAStreamThatOpens() {
        let events: [State.Event] = [.trackBegan(first), .soundWritten(duration: 1, outputDry: false), .trackEnded,
                                     .outputRanDry(7, episode: 1), .outputStarted(7), .dryLongEnough(7, episode: 1),
                                     .reconnecting, .reconnected, .pause(true), .pause(false), .togglePause, .stop, .queueEnded,
                                     .settingsChanged(.normal, on: first), .played(to: 1, duration: 2), .moved(to: 1, duration: 2)]
        for event in events {
            var state = State.stopped
            #expect(state.handle(event) == [], "\(event)")
            #expect(state == .stopped)
        }
    }

    // MARK: Speed, loop and position: kept in the state, told from it

    @Test func positionsAreToldEveryQuarterSecondWhileHeardAndAtOnceAfterAMove() {
        var state = State.running(.playing(first, 7))
        #expect(state.handle(.played(to: 0, duration: 5)) == [.report(first, .position(elapsed: 0, duration: 5))])
        #expect(state.handle(.played(to: 0.1, duration: 5)) == [], "not due")
        #expect(state.position == .init(elapsed: 0.1, duration: 5), "kept, though not told")
        #expect(state.handle(.played(to: 0.3, duration: 5)) == [.report(first, .position(elapsed: 0.3, duration: 5))])
        #expect(state.handle(.moved(to: 0.2, duration: 5)) == [])
        #expect(state.handle(.played(to: 0.25, duration: 5)) == [.report(first, .position(elapsed: 0.25, duration: 5))],
                "a seek back: the next write tells where")
    }

    @Test func aPositionReachedWhileNotHeardIsKeptToBeSaidWhenSoundReturns() {
        var state = State.running(.buffering(first, 7, .reconnecting))
        #expect(state.handle(.played(to: 3, duration: nil)) == [], "buffering: not heard")
        #expect(state.handle(.reconnected) == [.reportPosition(first)])
        #expect(state.position == .init(elapsed: 3, duration: nil))
        _ = state.handle(.pause(true))
        #expect(state.handle(.played(to: 4, duration: nil)) == [], "paused: not heard")
        #expect(state.position == .init(elapsed: 4, duration: nil))
    }

    @Test func theSpeedHoldsForTheQueueAndEachTrackBeginsWithTheLoopGiven() throws {
        let given = LoopMarks.looping(try #require(LoopSection(start: 1, end: 2)))
        var state = State(settings: ListeningSettings(speed: .normal, loop: given))
        _ = state.handle(.trackBegan(first))
        let marked = ListeningSettings(speed: PlaybackSpeed(rate: 0.5), loop: .started(at: 3))
        #expect(state.handle(.settingsChanged(marked, on: first)) == [.report(first, .settings(marked))])
        #expect(state.settings == marked)
        _ = state.handle(.played(to: 3.5, duration: 9))
        _ = state.handle(.trackEnded)
        _ = state.handle(.trackBegan(second))
        #expect(state.settings == ListeningSettings(speed: PlaybackSpeed(rate: 0.5), loop: given), "the speed kept, the loop the one given")
        #expect(state.position == nil, "a new track has no position yet")
        _ = state.handle(.queueEnded)
        #expect(state.settings.speed == PlaybackSpeed(rate: 0.5))
    }
}

