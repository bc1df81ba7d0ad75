import PlaybackModel
/// libFuzzer target: arbitrary bytes as a recording's file, fed to `AudioDecoder` (libmpg123's feed API,
/// or the WAV reader when the bytes start like a WAV) in pieces the way the network delivers them.
/// The first byte picks the piece size and whether to seek half-way; the rest is the file. Every output
/// must keep the decoder's promises: PCM no longer than the buffer and in whole frames of a format it
/// announced first, only rates and channel counts PulseAudio is opened with, and no crash, hang or leak
/// whatever the bytes say.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMP3Decoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    guard let control = input.first else { return 0 }
    let file = UnsafeRawBufferPointer(rebasing: input.dropFirst())
    let pieceSize = [1, 7, 413, 4096, 65_536][Int(control) % 5]
    let seekHalfWay = control & 0x80 != 0
    var decoder: AudioDecoder
    do { decoder = try AudioDecoder() } catch { fatalError("mpg123 did not start: \(error)") }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16_384, alignment: 16)
    defer { buffer.deallocate() }
    var format: AudioFormat?
    var fed = 0
    var sought = false
    do throws(DecoderError) {
        while fed < file.count {
            let piece = UnsafeRawBufferPointer(rebasing: file[fed..<min(file.count, fed + pieceSize)])
            try decoder.feed(piece)
            fed += piece.count
            drain: while true {
                switch try decoder.decode(into: buffer) {
                case .newFormat(let announced):
                    // MPEG's nine rates, or what the WAV reader lets through (PulseAudio's range).
                    precondition(AudioDecoder.rates.contains(announced.sampleRate) || (1_000...384_000).contains(announced.sampleRate),
                                 "rate \(announced.sampleRate)")
                    precondition((1...2).contains(announced.channels), "\(announced.channels) channels")
                    format = announced
                case .pcm(let bytes):
                    guard let format else { fatalError("PCM before any format") }
                    precondition(bytes >= 0 && bytes <= buffer.count, "\(bytes) bytes into \(buffer.count)")
                    precondition(bytes % format.bytesPerFrame == 0, "\(bytes) bytes is not whole frames of \(format)")
                case .needMore:
                    break drain
                }
            }
            if seekHalfWay && !sought && fed >= file.count / 2 && format != nil {
                sought = true
                if let jump = try? decoder.seek(toSeconds: 1) {
                    precondition(jump.inputOffset >= 0 && jump.seconds >= 0, "seek to \(jump)")
                    fed = min(jump.inputOffset, file.count)
                }
            }
        }
        _ = decoder.duration
        try decoder.finish()
    } catch {
        _ = error.description
    }
    return 0
}
