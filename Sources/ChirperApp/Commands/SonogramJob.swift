import ChirperCore
import DisplayText
import FoundationEssentials
import Glibc
import PlaybackModel
import Sonogram

/// `sonogram`: a recording decoded (no sound) and drawn as time × frequency in the terminal, and as a
/// PNG when asked.
public enum SonogramJob {
    /// `maxKilohertz`: the top of the frequency axis; nil: fitted to the sound.
    /// `png`: also write the picture to this PNG file.
    /// `lines`: lines of the terminal to use; nil: the terminal's height, or 24.
    public static func run(recording: String, maxKilohertz: Double?, png: String?, lines: Int?, color: ColorChoice, api: APIChoice) async throws {
        let (source, name, duration) = try await RecordingSource.resolve(recording, api: api)
        let spectrogram: Spectrogram
        do {
            spectrogram = try await SonogramMaker.spectrogram(of: source, expectedSeconds: duration)
        } catch {
            throw CommandFailure(message: "chirper: \(name): \(error)", exitCode: .playbackFailed)
        }
        // `--png -`: the picture is standard output, so nothing else goes there.
        if png != "-" {
            let size = SonogramText.pictureSize(width: Terminal.width, lines: lines ?? (Terminal.size?.height).map { $0 - 2 } ?? 24)
            let picture = SonogramPicture(spectrogram, width: size.width, height: size.height, maxHertz: maxKilohertz.map { $0 * 1000 })
            StandardOutput.write(SonogramText.lines(picture, colours: color.sonogramColours(on: STDOUT_FILENO)))
        }
        if let png {
            let image = SonogramPicture(spectrogram, width: min(1600, max(400, spectrogram.columns.count)), height: 300,
                                        maxHertz: maxKilohertz.map { $0 * 1000 })
            do { try PNGImage.write(image, to: png) } catch {
                throw CommandFailure(message: "chirper: \(error)", exitCode: .usage)
            }
            if png != "-" { StandardOutput.write(["Wrote \(Displayable.line(png)) (\(image.width)×\(image.height))."]) }
        }
    }
}
