import Foundation

/// An ID3v2.3 tag holding one picture frame (APIC), as a tagger puts cover art before an MP3's audio.
/// The picture is bytes of no image format: a decoder must pass over the tag by its declared size,
/// whatever it holds.
enum ID3Tag {
    /// A whole tag, header included, of about `bytes` bytes (at least the headers' 10 + 10 and the
    /// picture frame's own fields).
    static func picture(bytes: Int) -> Data {
        var frameBody = Data([0x00])  // text encoding: ISO-8859-1
        frameBody.append(contentsOf: Array("image/jpeg".utf8) + [0x00])
        frameBody.append(contentsOf: [0x03, 0x00])  // picture type: front cover; an empty description
        let pictureSize = max(0, bytes - 20 - frameBody.count)
        frameBody.append(Data((0..<pictureSize).map { UInt8($0 % 127) }))
        var frame = Data(Array("APIC".utf8))
        withUnsafeBytes(of: UInt32(frameBody.count).bigEndian) { frame.append(contentsOf: $0) }  // v2.3: a plain size
        frame.append(contentsOf: [0x00, 0x00])  // flags
        frame.append(frameBody)
        var tag = Data(Array("ID3".utf8) + [0x03, 0x00, 0x00])  // version 2.3.0, no flags
        tag.append(syncsafe(frame.count))
        tag.append(frame)
        return tag
    }

    /// A size in four bytes of seven bits each, the top bit clear (so no byte looks like a sync word).
    static func syncsafe(_ value: Int) -> Data {
        Data([21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) })
    }
}
