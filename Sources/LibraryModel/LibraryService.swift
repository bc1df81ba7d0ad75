import FoundationEssentials

/// The helper's side of the wire: a request line answered from a store, as an answer line.
public struct LibraryService: Sendable {
    let store: any LibraryStore

    public init(store: any LibraryStore) { self.store = store }

    public func answer(line: String) -> String {
        let answer: LibraryAnswer
        if let request = try? JSONDecoder().decode(LibraryRequest.self, from: Data(line.utf8)) {
            answer = self.answer(request)
        } else {
            answer = .failed(.unusable(path: "", reason: "chirper-library was asked what it cannot read"))
        }
        return Self.line(answer)
    }

    public static func line(_ answer: LibraryAnswer) -> String {
        guard let data = try? JSONEncoder().encode(answer) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    func answer(_ request: LibraryRequest) -> LibraryAnswer {
        do throws(LibraryError) {
            switch request {
            case .packs: return .result(try store.packs())
            case .pack(let name): return .result(try store.pack(named: name))
            case .save(let pack):
                try store.save(pack)
                return .result(true)
            case .removePack(let name): return .result(try store.removePack(named: name))
            case .packedRecording(let id): return .result(try store.packedRecording(id: id))
            case .recordings(let ids): return .result(try store.recordings(ids: ids).map(SentRecording.init))
            case .lists: return .result(try store.lists())
            case .list(let name): return .result(try store.list(named: name)?.map(SentRecording.init))
            case .add(let sent, let list): return .result(try store.add(sent.recording, toList: list))
            case .remove(let ids, let list): return .result(try store.remove(ids: ids, fromList: list))
            case .members(let list): return .result(try store.members(ofList: list))
            case .rememberSearch(let query):
                try store.remember(search: query)
                return .result(true)
            case .searches(let limit): return .result(try store.searches(limit: limit))
            case .rememberPlay(let sent):
                try store.remember(play: sent.recording)
                return .result(true)
            case .plays(let limit): return .result(try store.plays(limit: limit))
            case .species: return .result(try store.species())
            case .clearHistory:
                try store.clearHistory()
                return .result(true)
            case .quizCards: return .result(try store.quizCards())
            case .saveQuiz(let answer, let card):
                try store.save(answer: answer, card: card)
                return .result(true)
            case .quizAnswers(let limit): return .result(try store.quizAnswers(limit: limit))
            }
        } catch {
            return .failed(error)
        }
    }
}
