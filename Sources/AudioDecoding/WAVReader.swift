import PlaybackModel

/// RIFF/WAVE files, which xeno-canto also serves for some uploads: the header is read as bytes arrive,
/// then 16-bit PCM passes straight through. Anything else a WAV can hold (24-bit, float, compressed,
/// more than two channels) is named in a clear error instead of being played as noise.
public struct WAVReader {
    public typealias Problem = WAVProblem

    /// Whether `bytes` (the first 12 of a file at least) begin a RIFF/WAVE file.
    static func isWAV(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(12))
        return head.count == 12 && head[0..<4] == Array("RIFF".utf8)[...] && head[8..<12] == Array("WAVE".utf8)[...]
    }

    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Where `pending[pendingStart]` sits in the file.
    private var offset = 0
    private(set) var format: AudioFormat?
    private var announced = false
    /// Where the PCM starts in the file, and how long it is (nil: until the end).
    private(set) var dataStart: Int?
    private(set) var dataLength: Int?
    private(set) var framesDecoded = 0

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        pending += bytes
    }

    /// PCM into `buffer`, whole frames only; the format once, before the first PCM.
    mutating func decode(into buffer: UnsafeMutableRawBufferPointer) throws(Problem) -> AudioDecoder.Output {
        if dataStart == nil { try readHeader() }
        guard let format, let dataStart else { return .needMore }
        if !announced {
            announced = true
            return .newFormat(format)
        }
        let end = dataLength.map { dataStart + $0 } ?? Int.max
        let available = min(pending.count - pendingStart, end - offset)
        let count = min(available, buffer.count) / format.bytesPerFrame * format.bytesPerFrame
        guard count > 0 else { return .needMore }
        pending.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[pendingStart..<(pendingStart + count)]))
        }
        consume(count)
        framesDecoded += count / format.bytesPerFrame
        return .pcm(byteCount: count)
    }

    var duration: Double? {
        guard let format, let dataLength else { return nil }
        return Double(dataLength / format.bytesPerFrame) / Double(format.sampleRate)
    }

    /// The input has ended: was the PCM whole? A data chunk of unknown length (a stream's WAV) is whole
    /// wherever the input ends.
    func finish() throws(Problem) -> (framesDecoded: Int, framesAnnounced: Int)? {
        guard let format, dataStart != nil else {
            throw .malformed(format == nil ? "no format chunk" : "no data chunk")
        }
        guard let dataLength else { return nil }
        let announcedFrames = dataLength / format.bytesPerFrame
        return framesDecoded < announcedFrames ? (framesDecoded, announcedFrames) : nil
    }

    /// Jump to `seconds`: the input must continue from the returned byte offset.
    mutating func seek(toSeconds seconds: Double) -> (seconds: Double, inputOffset: Int)? {
        guard let format, let dataStart else { return nil }
        var frame = Int(max(0, seconds) * Double(format.sampleRate))
        if let dataLength { frame = min(frame, dataLength / format.bytesPerFrame) }
        framesDecoded = frame
        pending = []
        pendingStart = 0
        offset = dataStart + frame * format.bytesPerFrame
        return (Double(frame) / Double(format.sampleRate), offset)
    }

    private mutating func consume(_ count: Int) {
        pendingStart += count
        offset += count
        if pendingStart > 64 * 1024 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
    }

    private func bytes(_ at: Int, _ count: Int) -> [UInt8]? {
        let start = pendingStart + at
        return start + count <= pending.count ? Array(pending[start..<(start + count)]) : nil
    }

    private func little(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Reads chunks up to "data" as far as the bytes fed allow.
    private mutating func readHeader() throws(Problem) {
        if offset == 0 {
            guard let head = bytes(0, 12) else { return }
            guard WAVReader.isWAV(head) else { throw .malformed("no RIFF/WAVE header") }
            consume(12)
        }
        while dataStart == nil {
            guard let header = bytes(0, 8) else { return }
            let id = String(decoding: header[0..<4], as: UTF8.self)
            let size = little(header[4..<8])
            if id == "data" {
                guard format != nil else { throw .malformed("the data chunk comes before the format chunk") }
                consume(8)
                dataStart = offset
                // 0 or 0xFFFFFFFF: written by something that streams and never went back to fill the
                // size in. The PCM then runs to the end of the input.
                dataLength = size == 0 || size == 0xFFFF_FFFF ? nil : size
                return
            }
            guard size < 1 << 20 else { throw .malformed("a \(id) chunk of \(size) bytes") }
            let padded = size + size % 2
            guard let body = bytes(8, padded) else { return }
            if id == "fmt " { try readFormat(body[...]) }
            consume(8 + padded)
        }
    }

    private mutating func readFormat(_ body: ArraySlice<UInt8>) throws(Problem) {
        guard body.count >= 16 else { throw .malformed("a format chunk of \(body.count) bytes") }
        let start = body.startIndex
        var code = little(body[start..<(start + 2)])
        let channels = little(body[(start + 2)..<(start + 4)])
        let rate = little(body[(start + 4)..<(start + 8)])
        let bits = little(body[(start + 14)..<(start + 16)])
        if code == 0xFFFE, body.count >= 26 { code = little(body[(start + 24)..<(start + 26)]) }  // extensible: the sub-format
        switch code {
        case 1: break
        case 3: throw .unsupported("32-bit float")
        default: throw .unsupported("a compressed encoding (format 0x\(String(code, radix: 16)))")
        }
        guard bits == 16 else { throw .unsupported("\(bits)-bit PCM") }
        guard (1...2).contains(channels) else { throw .unsupported("\(channels) channels") }
        guard (1_000...384_000).contains(rate) else { throw .malformed("a sample rate of \(rate) Hz") }
        format = AudioFormat(sampleRate: rate, channels: channels)
    }
}
