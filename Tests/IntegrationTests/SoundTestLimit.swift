/// How many sound tests run at once, and a queue for the rest (awaited, so no thread is held).
actor SoundTestLimit {
    static let shared = SoundTestLimit()
    static let width = 5

    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if running < Self.width {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()  // the slot passes straight to the next
        }
    }
}
