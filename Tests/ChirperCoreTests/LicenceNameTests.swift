import ChirperCore
import Testing

/// Every licence xeno-canto uses, as people cite it.
@Suite struct LicenceNameTests {
    @Test(arguments: [
        ("//creativecommons.org/licenses/by-nc-sa/4.0/", "CC BY-NC-SA 4.0", "CC BY-NC-SA 4.0 (Attribution-NonCommercial-ShareAlike 4.0 International)"),
        ("https://creativecommons.org/licenses/by-nc-nd/2.5/", "CC BY-NC-ND 2.5", "CC BY-NC-ND 2.5 (Attribution-NonCommercial-NoDerivatives 2.5 Generic)"),
        ("//creativecommons.org/licenses/by-nc-sa/3.0/", "CC BY-NC-SA 3.0", "CC BY-NC-SA 3.0 (Attribution-NonCommercial-ShareAlike 3.0 Unported)"),
        ("//creativecommons.org/licenses/by-sa/4.0/", "CC BY-SA 4.0", "CC BY-SA 4.0 (Attribution-ShareAlike 4.0 International)"),
        ("//creativecommons.org/licenses/by/4.0/", "CC BY 4.0", "CC BY 4.0 (Attribution 4.0 International)"),
        ("//creativecommons.org/publicdomain/zero/1.0/", "CC0 1.0", "CC0 1.0 (Universal Public Domain Dedication)"),
        ("https://example.org/own-terms", "https://example.org/own-terms", "https://example.org/own-terms"),
    ])
    func licenceNames(url: String, short: String, full: String) {
        #expect(LicenceName.short(url) == short)
        #expect(LicenceName.full(url) == full)
    }
}
