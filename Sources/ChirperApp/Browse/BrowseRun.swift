import ChirperCore
import MediaControl
import XenoCanto

/// One browse's state while its loop runs: the model, the player, how it will end. Each input becomes
/// the model's event (`take`), and each command the model returns is run here (`perform`): pages asked
/// of the client, sound from the player, what the library is told.
struct BrowseRun {
    let loop: BrowseLoop
    var model: BrowseModel
    var audio: BrowseAudio
    let continuation: AsyncStream<ScreenInput>.Continuation
    var status = ExitStatus.found
    /// A page arrived: the queue the player is fed from may have grown.
    var feedNeedsUpdate = false
    private var libraryAsked = false

    init(loop: BrowseLoop, model: BrowseModel, audio: BrowseAudio, continuation: AsyncStream<ScreenInput>.Continuation) {
        self.loop = loop
        self.model = model
        self.audio = audio
        self.continuation = continuation
    }

    /// The first search, or the search prompt when there is none.
    mutating func start(query: SearchQuery?, page: Int) {
        if let query {
            _ = perform(model.receive(.searchStarted(query, page: page)))
        } else {
            _ = perform(model.press(.character("/")))
        }
    }

    /// What an input did.
    enum Step {
        /// The frame may have changed: drawn again.
        case changed
        /// Nothing on screen changed (a clock tick while nothing is busy, a replaced play's event).
        case unchanged
        /// Browse is to end (q, Ctrl-C, SIGTERM).
        case end
    }

    /// Takes one input.
    mutating func take(_ input: ScreenInput) -> Step {
        switch input {
        case .keys(let keys):
            for key in keys where !perform(model.press(key)) { return .end }
        case .list(let event):
            _ = perform(model.receive(event))
            feedNeedsUpdate = true
        case .playback(let generation, let id, let event):
            guard generation == audio.generation else { return .unchanged }
            _ = perform(model.receive(.playback(recordingID: id, event)))
        case .sonogram(let id, let result):
            model.receiveSonogram(id: id, result)
        case .starred(let ids, let notice):
            model.showStarred(ids, refusal: notice)
        case .pastSearches(let queries):
            model.showPastSearches(queries)
        case .notice(let text):
            model.tell(text)
        case .markKept(let id, let region, let outcome):
            model.kept(id, region, outcome)
        case .marksRead(let id, let regions):
            model.learnMarks(id, regions)
        case .desktop(let request):
            if audio.answer(request), audio.isActive { _ = perform([.stopPlayback]) }
        case .tick:
            guard model.isBusy else { return .unchanged }
            model.advance()
        case .resize, .continued:  // the terminal may have been resized while suspended
            let size = loop.terminalSize() ?? (model.layout.width, model.layout.height)
            _ = perform(model.resize(width: size.width, height: size.height))
        case .terminate:
            status = .interrupted
            return .end
        case .line, .inputEnded:
            return .unchanged
        }
        return .changed
    }

    /// Runs the model's commands; false when one of them ends browse.
    mutating func perform(_ commands: [BrowseCommand]) -> Bool {
        for command in commands {
            switch command {
            case .fetch(let query, let page):
                if page == 1, loop.remembersSearches, let library = loop.library {
                    loop.libraryWrites.write("the search \(query.text)") { await library.remember(search: query.text) }
                }
                Task { [client = loop.client, perPage = loop.perPage, continuation] in
                    continuation.yield(.list(await client.answer(query, page: page, perPage: perPage)))
                }
            case .play(let recording):
                if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                audio.play(recording, speed: model.listening.speed)
                if let library = loop.library {
                    loop.libraryWrites.write("the play of XC\(recording.id)") { await library.remember(play: recording) }
                }
            case .playAll(let row):
                if audio.isActive { _ = perform(model.receive(.playbackStopped)) }
                audio.playAll(from: row, of: model, speed: model.listening.speed, requestMore: { [continuation] in continuation.yield(.list(.nextPageRequested)) })
            case .makeSonogram(let recording):
                ScreenInput.makeSonogram(of: recording, into: continuation)
            case .star(let recording, let list, let on):
                guard let library = loop.library else { continue }
                loop.libraryWrites.write((on ? "the star of XC" : "the unstar of XC") + recording.id + " on \(list)") { [continuation] in
                    guard let problem = await library.star(recording, list: list, on: on) else { return nil }
                    // The screen shows what the library holds, and why the change is not there.
                    continuation.yield(.starred(await library.starred() ?? [], notice: problem))
                    return problem
                }
            case .listen(let command):
                audio.perform(command)
            case .keepMark(let recording, let region, let replacing):
                guard let library = loop.library else {
                    model.kept(recording.id, region, .notKept(reason: "browse runs without the library"))
                    continue
                }
                loop.libraryWrites.write("the mark on XC\(recording.id)") { [continuation] in
                    let outcome = await library.keep(region, on: recording, replacing: replacing)
                    continuation.yield(.markKept(recordingID: recording.id, region, outcome))
                    if case .notKept(let reason) = outcome { return reason }
                    return nil
                }
            case .readMarks(let recording):
                guard let library = loop.library else { continue }
                Task { [continuation] in continuation.yield(.marksRead(recordingID: recording.id, await library.marks(on: recording))) }
            case .openPage(let recording):
                model.tell(RecordingHandoff.openPage(of: recording))
            case .copyNumber(let recording):
                model.tell(RecordingHandoff.copyNumber(of: recording))
            case .stopPlayback:
                audio.stop()
                _ = perform(model.receive(.playbackStopped))
            case .quit(let interrupted):
                status = interrupted ? .interrupted : .found
                return false
            }
        }
        return true
    }

    /// The library's process starts once the first rows are drawn, so it does not compete with them.
    mutating func askTheLibrary() {
        guard !libraryAsked, let library = loop.library else { return }
        libraryAsked = true
        Task { [continuation] in
            if let ids = await library.starred() { continuation.yield(.starred(ids, notice: nil)) }
            continuation.yield(.pastSearches(await library.pastSearches()))
        }
    }
}
