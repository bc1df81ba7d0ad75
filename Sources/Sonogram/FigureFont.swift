internal import CFreeType
import SystemAccess

/// FreeType's functions, looked up when the first figure is drawn (`SharedLibrary`).
///
/// `@unchecked Sendable`: immutable addresses of C functions in a library that is never closed.
private struct LibFreeType: @unchecked Sendable {
    let initialize: @convention(c) (UnsafeMutablePointer<FT_Library?>?) -> FT_Error
    let done: @convention(c) (FT_Library?) -> FT_Error
    let newFace: @convention(c) (FT_Library?, UnsafePointer<CChar>?, FT_Long, UnsafeMutablePointer<FT_Face?>?) -> FT_Error
    let doneFace: @convention(c) (FT_Face?) -> FT_Error
    let setPixelSizes: @convention(c) (FT_Face?, FT_UInt, FT_UInt) -> FT_Error
    let charIndex: @convention(c) (FT_Face?, FT_ULong) -> FT_UInt
    let loadGlyph: @convention(c) (FT_Face?, FT_UInt, FT_Int32) -> FT_Error
    let kerning: @convention(c) (FT_Face?, FT_UInt, FT_UInt, FT_UInt, UnsafeMutablePointer<FT_Vector>?) -> FT_Error

    private init(_ library: SharedLibrary) throws(SharedLibraryMissing) {
        initialize = try library.function("FT_Init_FreeType")
        done = try library.function("FT_Done_FreeType")
        newFace = try library.function("FT_New_Face")
        doneFace = try library.function("FT_Done_Face")
        setPixelSizes = try library.function("FT_Set_Pixel_Sizes")
        charIndex = try library.function("FT_Get_Char_Index")
        loadGlyph = try library.function("FT_Load_Glyph")
        kerning = try library.function("FT_Get_Kerning")
    }

    static let loaded = SharedLibrary.functions("libfreetype.so.6", package: "libfreetype6", LibFreeType.init)
}

/// Why a figure's text cannot be drawn: FreeType or the font is missing.
public struct FigureFontMissing: Error, CustomStringConvertible {
    public let description: String
}

/// The figure's typeface (DejaVu Sans, as Debian's fonts-dejavu-core installs it) drawn by FreeType:
/// every character of a recordist's name, a place or a species as the font draws it, and one the font
/// lacks as its replacement character (�), never dropped. The only code that touches CFreeType.
final class FigureFont {
    /// A glyph placed on a line: its pen position, and its coverage (0 to 255) from its top-left pixel.
    struct Glyph {
        let character: Unicode.Scalar
        /// The font lacks the character: its replacement is drawn.
        let replaced: Bool
        /// Pixels from the line's start to the glyph's pen position.
        let pen: Int
        let left: Int
        /// Pixels from the baseline up to the bitmap's first row.
        let top: Int
        let width: Int
        let rows: Int
        let coverage: [UInt8]
        /// How far the pen moves past it.
        let advance: Int

        /// Pixels from the line's start to where this glyph, and the pen after it, end.
        var end: Int { pen + max(advance, left + width) }
    }

    static let paths = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    /// FT_LOAD_RENDER: the glyph is rendered to 8-bit coverage as it is loaded (hinted, FreeType's default).
    private static let loadRender: FT_Int32 = 1 << 2

    private let freetype: LibFreeType
    private let library: FT_Library
    private let face: FT_Face
    private var size = 0

    init() throws(FigureFontMissing) {
        let freetype: LibFreeType
        do { freetype = try LibFreeType.loaded.get() } catch { throw FigureFontMissing(description: "cannot draw the figure's text: \(error)") }
        var library: FT_Library?
        guard freetype.initialize(&library) == 0, let library else {
            throw FigureFontMissing(description: "cannot draw the figure's text: FreeType did not start")
        }
        var face: FT_Face?
        for path in Self.paths where freetype.newFace(library, path, 0, &face) == 0 && face != nil { break }
        guard let face else {
            _ = freetype.done(library)
            throw FigureFontMissing(description: "cannot draw the figure's text: no font at \(Self.paths[0]) (install fonts-dejavu-core)")
        }
        (self.freetype, self.library, self.face) = (freetype, library, face)
    }

    deinit {
        _ = freetype.doneFace(face)
        _ = freetype.done(library)
    }

    /// Pixels from a line's top to its baseline, and from one line's top to the next, at `pixels` per em.
    func metrics(pixels: Int) -> (ascent: Int, lineHeight: Int) {
        use(pixels)
        let metrics = face.pointee.size.pointee.metrics
        return (Int(metrics.ascender + 63) >> 6, Int(metrics.height + 63) >> 6)
    }

    /// How wide `text` is drawn at `pixels` per em.
    func width(_ text: String, pixels: Int) -> Int {
        layout(text, pixels: pixels).last?.end ?? 0
    }

    /// The longest start of `text` (whole characters) that is at most `room` pixels wide: one layout.
    func prefix(of text: String, fitting room: Int, pixels: Int) -> String {
        let glyphs = layout(text, pixels: pixels)
        let count = glyphs.firstIndex { $0.end > room } ?? glyphs.count
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: glyphs.prefix(count).map(\.character))
        return String(kept)
    }

    /// `text`'s glyphs, placed one after another with the font's kerning.
    func layout(_ text: String, pixels: Int) -> [Glyph] {
        use(pixels)
        var glyphs: [Glyph] = []
        var pen = 0
        var previous: FT_UInt = 0
        for scalar in text.unicodeScalars {
            var index = freetype.charIndex(face, FT_ULong(scalar.value))
            let replaced = index == 0
            if replaced { index = freetype.charIndex(face, 0xFFFD) }
            if previous != 0, index != 0 {
                var kern = FT_Vector()
                if freetype.kerning(face, previous, index, 0, &kern) == 0 { pen += Int(kern.x) >> 6 }
            }
            guard freetype.loadGlyph(face, index, Self.loadRender) == 0 else { continue }
            let slot = face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            var coverage = [UInt8](repeating: 0, count: Int(bitmap.width) * Int(bitmap.rows))
            // Rows top to bottom (a positive pitch), as FreeType renders gray coverage; any other layout is left blank.
            if let buffer = bitmap.buffer, Int(bitmap.pitch) >= Int(bitmap.width) {
                for row in 0..<Int(bitmap.rows) {
                    for column in 0..<Int(bitmap.width) {
                        coverage[row * Int(bitmap.width) + column] = buffer[row * Int(bitmap.pitch) + column]
                    }
                }
            }
            let advance = (Int(slot.advance.x) + 32) >> 6
            glyphs.append(Glyph(character: scalar, replaced: replaced, pen: pen, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                                width: Int(bitmap.width), rows: Int(bitmap.rows), coverage: coverage, advance: advance))
            pen += advance
            previous = index
        }
        return glyphs
    }

    private func use(_ pixels: Int) {
        guard pixels != size else { return }
        _ = freetype.setPixelSizes(face, 0, FT_UInt(pixels))
        size = pixels
    }
}
