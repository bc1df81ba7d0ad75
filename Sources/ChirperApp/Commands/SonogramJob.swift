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
    /// `size`: the PNG's width and height (`SonogramFigure.standardSize` when nil).
    public static func run(recording: String, maxKilohertz: Double?, png: String?, size: (width: Int, height: Int)? = nil, lines: Int?,
                           color: ColorChoice, describe: Bool = false, api: APIChoice) async throws {
        // `--png -`: the picture is standard output, so nothing else goes there.
        let found = try await RecordingSource.resolve(recording, api: api, announcing: png != "-")
        let (source, name, duration) = (try found.playable(), found.name, found.duration)
        let spectrogram: Spectrogram
        do {
            spectrogram = try await SonogramMaker.spectrogram(of: source, expectedSeconds: duration)
        } catch {
            throw CommandFailure(message: "chirper: \(name): \(error)", exitCode: .playbackFailed)
        }
        if png != "-", describe || Terminal.wantsWords {
            StandardOutput.write(SonogramDescription.lines(SonogramDescription.describe(spectrogram)))
        } else if png != "-" {
            let size = SonogramText.pictureSize(width: Terminal.width, lines: lines ?? (Terminal.size?.height).map { $0 - 2 } ?? 24)
            let picture = SonogramPicture(spectrogram, width: size.width, height: size.height, maxHertz: maxKilohertz.map { $0 * 1000 })
            let boxes = SonogramBoxes.of(found, given: recording)
            StandardOutput.write(SonogramText.lines(picture, colours: color.sonogramColours(on: STDOUT_FILENO), boxes: boxes.compactMap(\.region))
                                 + SonogramBoxes.legend(boxes) + SonogramBoxes.credits(found))
        }
        if let png {
            let size = size ?? SonogramFigure.standardSize
            let boxes = SonogramBoxes.of(found, given: recording)
            let image: SonogramFigure
            do {
                var figure = try SonogramFigure(spectrogram, title: title(found) + SonogramBoxes.credits(found), width: size.width, height: size.height,
                                                maxHertz: maxKilohertz.map { $0 * 1000 })
                try figure.draw(boxes)
                image = figure
            } catch {
                throw CommandFailure(message: "chirper: \(error).", exitCode: .usage)
            }
            do { try PNGImage.write(image, to: png) } catch {
                throw CommandFailure(message: "chirper: \(error)", exitCode: .usage)
            }
            if png != "-" { StandardOutput.write(["Wrote \(Displayable.line(png)) (\(image.width)×\(image.height))."]) }
        }
    }

    /// The figure's title: what the recording is, then the attribution its licence asks for (who
    /// recorded it, the licence, where it is on xeno-canto); a file's or a URL's name otherwise.
    static func title(_ found: RecordingSource.Found) -> [String] {
        guard let recording = found.recording else { return [Displayable.line(found.name)] }
        let what = ["XC" + recording.id, RecordingHeader.names(recording), recording.soundType, recording.country].compactMap { $0 }.filter { !$0.isEmpty }
        let credit = [recording.recordist, LicenceName.short(recording.licence), recording.page].compactMap { $0 }
        return [Displayable.line(what.joined(separator: " · ")), Displayable.line(credit.joined(separator: " · "))]
    }
}
