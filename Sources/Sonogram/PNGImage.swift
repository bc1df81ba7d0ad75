import Audio
import CPNG
import Glibc
import PlaybackModel
import SystemAccess

/// libpng's functions, looked up when the first PNG is written or read (`SharedLibrary`).
///
/// `@unchecked Sendable`: immutable addresses of C functions in a library that is never closed.
private struct LibPNG: @unchecked Sendable {
    let writeToStdio: @convention(c) (UnsafeMutablePointer<png_image>?, UnsafeMutablePointer<FILE>?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32
    let beginReadFromFile: @convention(c) (UnsafeMutablePointer<png_image>?, UnsafePointer<CChar>?) -> Int32
    let finishRead: @convention(c) (UnsafeMutablePointer<png_image>?, UnsafePointer<png_color>?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32

    private init(_ library: SharedLibrary) throws(SharedLibraryMissing) {
        writeToStdio = try library.function("png_image_write_to_stdio")
        beginReadFromFile = try library.function("png_image_begin_read_from_file")
        finishRead = try library.function("png_image_finish_read")
    }

    /// Opened once, on first use.
    static let loaded = SharedLibrary.functions("libpng16.so.16", package: "libpng16-16", LibPNG.init)
}

/// 8-bit RGB PNG files through libpng's simplified API. The only code that touches CPNG.
public enum PNGImage {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// libpng, or why `verb` (write, read) cannot be done to `path` without it.
    private static func library(to verb: String, _ path: String) throws(Failure) -> LibPNG {
        do { return try LibPNG.loaded.get() } catch { throw Failure(description: "cannot \(verb) \(path): \(error)") }
    }

    /// Writes `rgb` (width × height × 3 bytes) to `path` ("-": standard output): first to a temporary
    /// file beside it, renamed over `path` only when whole and only over a regular file, so a failure
    /// leaves any file already there as it was, and a device, FIFO, link or folder at `path` is never
    /// replaced.
    public static func write(rgb: [UInt8], width: Int, height: Int, to path: String) throws(Failure) {
        precondition(rgb.count == width * height * 3)
        let png = try library(to: "write", path)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_RGB)
        if path == "-" {
            guard let output = fdopen(dup(STDOUT_FILENO), "wb") else {
                throw Failure(description: "cannot write to standard output: \(String(cString: strerror(errno)))")
            }
            let written = rgb.withUnsafeBytes { png.writeToStdio(&image, output, 0, $0.baseAddress, 0, nil) }
            guard fclose(output) == 0, written != 0 else { throw Failure(description: "cannot write to standard output: \(message(&image))") }
            return
        }
        if let refusal = FileNames.refusal(toWrite: path) { throw Failure(description: "cannot write the picture: \(refusal)") }
        // A name of its own, made new: a link planted at a guessable name would send the bytes elsewhere.
        let temporary = path + ".part-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0, let file = fdopen(descriptor, "wb") else {
            if descriptor >= 0 { close(descriptor) }
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let written = rgb.withUnsafeBytes { png.writeToStdio(&image, file, 0, $0.baseAddress, 0, nil) }
        guard fclose(file) == 0, written != 0 else {
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(message(&image))")
        }
        if let refusal = FileNames.refusal(toWrite: path) {
            unlink(temporary)
            throw Failure(description: "cannot write the picture: \(refusal)")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Reads a PNG as 8-bit RGB.
    public static func read(_ path: String) throws(Failure) -> (width: Int, height: Int, rgb: [UInt8]) {
        let png = try library(to: "read", path)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png.beginReadFromFile(&image, path) != 0 else {
            throw Failure(description: "cannot read \(path): \(message(&image))")
        }
        image.format = UInt32(PNG_FORMAT_RGB)
        var rgb = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 3)
        let done = rgb.withUnsafeMutableBytes { png.finishRead(&image, nil, $0.baseAddress, 0, nil) }
        guard done != 0 else { throw Failure(description: "cannot read \(path): \(message(&image))") }
        return (Int(image.width), Int(image.height), rgb)
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// A figure: the sonogram with its axes, title and colour scale.
    public static func write(_ figure: SonogramFigure, to path: String) throws(Failure) {
        try write(rgb: figure.rgb, width: figure.width, height: figure.height, to: path)
    }

    /// A sonogram picture in the terminal's colours, one pixel per picture pixel.
    public static func write(_ picture: SonogramPicture, to path: String) throws(Failure) {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(picture.width * picture.height * 3)
        for row in picture.decibels {
            for value in row {
                let (r, g, b) = SonogramPalette.colour(SonogramPalette.level(value, picture.floor))
                rgb += [UInt8(r), UInt8(g), UInt8(b)]
            }
        }
        try write(rgb: rgb, width: picture.width, height: picture.height, to: path)
    }
}
