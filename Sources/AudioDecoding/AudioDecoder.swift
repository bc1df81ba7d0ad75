import CMPG123
import Glibc
import PlaybackModel

/// The decoder of a recording's bytes, MPEG audio or WAV, whichever the stream turns out to hold:
/// bytes go in as they arrive, PCM comes out. MPEG audio goes through libmpg123's feed API (the only
/// code that touches CMPG123; the handle is freed exactly once, when the decoder goes away); a stream
/// whose first 12 bytes say WAV goes to a `WAVReader` instead, behind the same calls. ID3v2 tags at
/// the start are passed over (`LeadingTags`): the stream is told apart, and libmpg123 sees it, from
/// the first byte after them, and the offsets it gives and takes are moved by their size.
public struct AudioDecoder: ~Copyable {
    /// What one call to `decode` produced.
    public enum Output: Equatable {
        /// `byteCount` bytes of PCM in the caller's buffer.
        case pcm(byteCount: Int)
        /// The stream (re)announced its format; PCM that follows is in it.
        case newFormat(AudioFormat)
        /// Everything fed so far is decoded: feed more, or finish.
        case needMore
    }

    /// Every rate xeno-canto serves (MPEG 1, 2 and 2.5), all decoded to 16-bit mono or stereo.
    static let rates = [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]
    /// Bytes fed without a frame found before the input is declared not to be MP3. Tags at the start
    /// do not count, however large.
    static let giveUpWithoutFormatAfter = 512 * 1024

    private let handle: OpaquePointer
    private var mpegFormat: AudioFormat?
    /// Frames decoded in `mpegFormat`, and seconds decoded in the formats before it.
    private var mpegFrames = 0
    private var earlierSeconds = 0.0
    /// The format changed part-way (files joined end to end): each part is a stream of its own, and
    /// the length the stream announced (the first part's Info frame, or the size over the first
    /// part's bit rate) says nothing of the whole.
    private var joined = false
    /// A new format libmpg123 reported along with the last PCM of the old one: announced next.
    private var announcing: AudioFormat?
    /// A seek was made: `mpegFrames` counts from where the decoder estimated it landed.
    private var sought = false
    public private(set) var bytesFed = 0
    /// What the stream holds, once its first bytes after the tags have told.
    private enum Container {
        /// The first bytes after the tags, held until there are 12 to tell WAV from MPEG.
        case sniffing(head: [UInt8])
        case mpeg
        case wav(WAVReader)
    }
    private var container = Container.sniffing(head: [])
    private var tags = LeadingTags()
    /// The whole stream's size (tags included), told to libmpg123 once the tags' size is known.
    private var streamSize: Int?

    public var format: AudioFormat? { wav?.format ?? mpegFormat }

    /// The WAV reader, when the stream is a WAV file.
    private var wav: WAVReader? {
        if case .wav(let reader) = container { return reader }
        return nil
    }

    private var sniffed: Bool {
        if case .sniffing = container { return false }
        return true
    }

    /// Changes the WAV reader in place (the container lets go of it meanwhile, so its buffers are not
    /// copied); nil when the stream is not a WAV file.
    private mutating func withWAV<Result>(_ body: (inout WAVReader) throws(DecoderError) -> Result) throws(DecoderError) -> Result? {
        guard case .wav(var reader) = container else { return nil }
        container = .mpeg
        defer { container = .wav(reader) }
        return try body(&reader)
    }
    /// Seconds of sound decoded so far, across format changes.
    public var secondsDecoded: Double {
        if let wav { return wav.format.map { Double(wav.framesDecoded) / Double($0.sampleRate) } ?? 0 }
        return earlierSeconds + (mpegFormat.map { Double(mpegFrames) / Double($0.sampleRate) } ?? 0)
    }

    public init() throws(DecoderError) {
        var code: Int32 = 0
        guard let handle = mpg123_new(nil, &code) else { throw DecoderError(code: code, call: "mpg123_new") }
        do {
            try Self.configure(handle)
        } catch {
            mpg123_delete(handle)
            throw error
        }
        self.handle = handle
    }

    /// 16-bit output at every rate, quiet, in feed mode.
    private static func configure(_ handle: OpaquePointer) throws(DecoderError) {
        func check(_ code: Int32, _ call: String) throws(DecoderError) {
            guard code == MPG123_OK.rawValue else { throw DecoderError(code: code, call: call) }
        }
        // Quiet: libmpg123 would otherwise print resync warnings on our stderr.
        try check(mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_QUIET.rawValue | MPG123_FUZZY.rawValue), 0), "mpg123_param2")
        try check(mpg123_format_none(handle), "mpg123_format_none")
        let channels = Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue)
        for rate in rates {
            try check(mpg123_format(handle, rate, channels, Int32(MPG123_ENC_SIGNED_16.rawValue)), "mpg123_format")
        }
        try check(mpg123_open_feed(handle), "mpg123_open_feed")
    }

    deinit {
        mpg123_delete(handle)
    }

    /// Tells the decoder the whole stream's size, so it can estimate the duration without a Xing header.
    public mutating func setStreamSize(_ bytes: Int) {
        streamSize = bytes
        if sniffed { tellStreamSize() }
    }

    /// libmpg123 sees the stream without its leading tags: the size it is told leaves them out too.
    private func tellStreamSize() {
        guard let streamSize, wav == nil else { return }
        _ = mpg123_set_filesize(handle, max(0, streamSize - tags.skipped))
    }

    /// Hands bytes to the decoder. They are copied; the buffer can be reused at once.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(DecoderError) {
        guard bytes.count > 0 else { return }
        bytesFed += bytes.count
        if case .sniffing(var head) = container {
            container = .sniffing(head: [])
            head += tags.stream(after: bytes)
            guard tags.ended, head.count >= 12 else {
                container = .sniffing(head: head)
                return
            }
            let held = head
            container = WAVReader.isWAV(held) ? .wav(WAVReader()) : .mpeg
            tellStreamSize()
            var failure: DecoderError?
            held.withUnsafeBytes { held in
                do throws(DecoderError) { try route(held) } catch { failure = error }
            }
            if let failure { throw failure }
            return
        }
        try route(bytes)
    }

    private mutating func route(_ bytes: UnsafeRawBufferPointer) throws(DecoderError) {
        if try withWAV({ $0.feed(bytes) }) != nil { return }
        guard let base = bytes.baseAddress else { return }
        try check(mpg123_feed(handle, base.assumingMemoryBound(to: UInt8.self), bytes.count), "mpg123_feed")
        if format == nil && bytesFed - tags.skipped > Self.giveUpWithoutFormatAfter {
            throw DecoderError.notMPEGAudio(bytesSeen: bytesFed - tags.skipped)
        }
    }

    /// Decodes what it can into `buffer`.
    public mutating func decode(into buffer: UnsafeMutableRawBufferPointer) throws(DecoderError) -> Output {
        let fromWAV = try withWAV { reader throws(DecoderError) -> Output in
            do throws(WAVProblem) { return try reader.decode(into: buffer) } catch { throw DecoderError.wav(error) }
        }
        if let fromWAV { return fromWAV }
        guard sniffed else { return .needMore }
        if let next = announcing {
            announcing = nil
            return announce(next)
        }
        var done = 0
        let code = mpg123_read(handle, buffer.baseAddress, buffer.count, &done)
        if let format = mpegFormat, done > 0 { mpegFrames += done / format.bytesPerFrame }
        switch code {
        case MPG123_OK.rawValue:
            return .pcm(byteCount: done)
        case MPG123_NEED_MORE.rawValue:
            return done > 0 ? .pcm(byteCount: done) : .needMore
        case MPG123_NEW_FORMAT.rawValue:
            var rate = 0
            var channels: Int32 = 0
            var encoding: Int32 = 0
            try check(mpg123_getformat(handle, &rate, &channels, &encoding), "mpg123_getformat")
            let newFormat = AudioFormat(sampleRate: rate, channels: Int(channels))
            // The call may have written the old format's last PCM before it met the change: that goes
            // out first, in the old format, and the new one is announced at the next call.
            guard done == 0 else {
                announcing = newFormat
                return .pcm(byteCount: done)
            }
            return announce(newFormat)
        case MPG123_DONE.rawValue:
            return done > 0 ? .pcm(byteCount: done) : .needMore
        default:
            throw DecoderError(code: code, call: "mpg123_read", message: plainError(mpg123_errcode(handle)))
        }
    }

    /// PCM that follows is in `newFormat`. A format other than the last one begins a new part.
    private mutating func announce(_ newFormat: AudioFormat) -> Output {
        if let old = mpegFormat, old != newFormat {
            joined = true
            earlierSeconds += Double(mpegFrames) / Double(old.sampleRate)
            mpegFrames = 0
        }
        mpegFormat = newFormat
        return .newFormat(newFormat)
    }

    /// Prepares a jump to `seconds` into the stream. The decoder then expects the input to continue from
    /// the returned byte offset (the caller re-feeds from there: bytes it kept, or a Range request).
    /// Fuzzy: the offset comes from the Xing table of contents or the bitrate, so no byte in between
    /// has to be read. Returns where decoding will resume, in seconds, and the byte offset.
    public mutating func seek(toSeconds seconds: Double) throws(DecoderError) -> (seconds: Double, inputOffset: Int) {
        if let jumped = try withWAV({ $0.seek(toSeconds: seconds) }) {
            guard let jump = jumped else { throw DecoderError(code: MPG123_NO_SEEK.rawValue, call: "seek") }
            return (jump.seconds, jump.inputOffset + tags.skipped)
        }
        guard let format = mpegFormat else { throw DecoderError(code: MPG123_NO_SEEK.rawValue, call: "mpg123_feedseek") }
        var inputOffset: off_t = 0
        let target = off_t(max(0, seconds) * Double(format.sampleRate))
        let reached = mpg123_feedseek(handle, target, SEEK_SET, &inputOffset)
        guard reached >= 0 else { throw DecoderError(code: Int32(reached), call: "mpg123_feedseek", message: plainError(mpg123_errcode(handle))) }
        mpegFrames = Int(reached)
        earlierSeconds = 0
        announcing = nil
        sought = true
        return (Double(reached) / Double(format.sampleRate), Int(inputOffset) + tags.skipped)
    }

    /// The stream's length in seconds, when a Xing/Info header or the stream size says; unknown once
    /// the format has changed part-way.
    public var duration: Double? {
        if let wav { return wav.duration }
        guard let format = mpegFormat, !joined else { return nil }
        let frames = mpg123_length(handle)
        return frames > 0 ? Double(frames) / Double(format.sampleRate) : nil
    }

    /// Call when the input has ended: says whether the stream was whole.
    public func finish() throws(DecoderError) {
        if let wav {
            let short: (framesDecoded: Int, framesAnnounced: Int)?
            do { short = try wav.finish() } catch { throw DecoderError.wav(error) }
            if let short { throw DecoderError.truncated(framesDecoded: short.framesDecoded, framesAnnounced: short.framesAnnounced) }
            return
        }
        guard format != nil else {
            throw bytesFed == 0 ? DecoderError.emptyStream : DecoderError.notMPEGAudio(bytesSeen: bytesFed - tags.skipped)
        }
        // A file cut short decodes fewer samples than its LAME/Xing header announced. Allow two frames of
        // slack for encoder padding. After a seek the count starts from the decoder's estimate of where it
        // landed (fuzzy: from the Xing table), so it says nothing about the file's length; nor does the
        // announced length once the format has changed (it was the first part's).
        let announced = mpg123_length(handle)
        if !sought && !joined && announced > 0 && mpegFrames + 2 * 1152 < announced {
            throw DecoderError.truncated(framesDecoded: mpegFrames, framesAnnounced: announced)
        }
    }

    private func check(_ code: Int32, _ call: String) throws(DecoderError) {
        guard code == MPG123_OK.rawValue else {
            throw DecoderError(code: code, call: call, message: plainError(code == MPG123_ERR.rawValue ? mpg123_errcode(handle) : code))
        }
    }
}

private func plainError(_ code: Int32) -> String {
    mpg123_plain_strerror(code).map { String(cString: $0) } ?? "error \(code)"
}

extension DecoderError {
    init(code: Int32, call: String, message: String? = nil) {
        self = .library(code: code, call: call, message: message ?? plainError(code))
    }
}
