@testable import Audio
@testable import AudioDecoding
import Testing

/// ID3v2 tags at the start of an MP3 are passed over by their declared size, however large, and in
/// whatever pieces the bytes arrive.
@Suite("Leading ID3v2 tags")
struct LeadingTagsTests {
    /// A tag of `size` bytes after its 10-byte header: "ID3", version 2.3 (or 2.4 with a footer).
    static func tag(size: Int, footer: Bool = false) -> [UInt8] {
        let syncsafe = [21, 14, 7, 0].map { UInt8((size >> $0) & 0x7F) }
        let header: [UInt8] = [0x49, 0x44, 0x33, footer ? 4 : 3, 0, footer ? 0x10 : 0] + syncsafe
        // The body holds what would look like MPEG frame headers to a search for audio.
        let body = (0..<size).map { $0 % 2 == 0 ? UInt8(0xFF) : 0xFB }
        return header + body + (footer ? [0x33, 0x44, 0x49, 4, 0, 0x10] + syncsafe : [])
    }

    static let audio: [UInt8] = [0xFF, 0xFB, 0x90, 0x64] + (0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 7) }

    /// What follows the tags, fed in pieces of `piece` bytes.
    static func stream(_ bytes: [UInt8], piece: Int) -> (after: [UInt8], tags: LeadingTags) {
        var tags = LeadingTags()
        var after: [UInt8] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            after += bytes[start..<end].withUnsafeBytes { tags.stream(after: $0) }
            start = end
        }
        return (after, tags)
    }

    @Test(arguments: [1, 7, 4_096, 65_536, 4 << 20])
    func aTagOverHalfAMebibyteIsPassedOverWhole(piece: Int) {
        let tag = Self.tag(size: 3 << 20)  // 3 MiB of cover art
        let (after, tags) = Self.stream(tag + Self.audio, piece: piece)
        #expect(after == Self.audio)
        #expect(tags.skipped == tag.count && tags.ended)
    }

    @Test func tagsOneAfterAnotherAndAFooterArePassedOver() {
        let tags = Self.tag(size: 100, footer: true) + Self.tag(size: 700 * 1024)
        let (after, found) = Self.stream(tags + Self.audio, piece: 1_000)
        #expect(after == Self.audio)
        #expect(found.skipped == tags.count)
    }

    @Test func aStreamWithoutATagIsPassedOnAsItCame() {
        let (after, tags) = Self.stream(Self.audio, piece: 3)
        #expect(after == Self.audio && tags.skipped == 0 && tags.ended)
    }

    /// A size byte with its top bit set is not syncsafe: not a tag, so nothing is skipped on its word.
    @Test func aHeaderWhoseSizeIsNotSyncsafeIsNotATag() {
        var notATag = Self.tag(size: 16)
        notATag[8] = 0x80
        let (after, tags) = Self.stream(notATag, piece: 5)
        #expect(after == notATag && tags.skipped == 0)
    }
}
