@testable import ChirperApp
import Testing
import XenoCantoHTTP

/// What a command line's URL is read as, before anything is asked of the network: a file to play as it
/// is or a xeno-canto page to look up, and the port it names.
@Suite("URLs as a play reads them")
struct URLReadingTests {
    @Test func aXenoCantoPageIsLookedUpAndAnyOtherHTTPURLPlayedAsItIs() {
        #expect(RecordingSource.isDirectURL("https://xeno-canto.org/900001") == false)
        #expect(RecordingSource.isDirectURL("https://example.org/?via=xeno-canto.org/9") == false)
        #expect(RecordingSource.isDirectURL("https://xeno-canto.org/sounds/uploaded/x.mp3") == true)
        #expect(RecordingSource.isDirectURL("http://127.0.0.1:8080/XC1.mp3") == true)
        #expect(RecordingSource.isDirectURL("https://example.org/a") == true)
        #expect(RecordingSource.isDirectURL("https://xeno-canto.org") == true, "no page path")
        #expect(RecordingSource.isDirectURL("ftp://example.org/x.mp3") == false)
        #expect(RecordingSource.isDirectURL("900001") == false)
    }

    @Test func aPortIsOneTo65535OrAbsent() {
        for good in ["http://h/", "http://h:1/", "https://h:65535/x", "http://[::1]:8080/", "http://user:pw@h:99/", "http://h?q=:99999"] {
            #expect(XenoCantoClient.problem(withBaseURL: good) == nil, "\(good)")
        }
        for bad in ["http://h:0/", "http://h:65536/", "http://h:123456/", "http://user@h:99999/", "http://[::1]:70000/"] {
            #expect(XenoCantoClient.problem(withBaseURL: bad) != nil, "\(bad)")
        }
    }
}
