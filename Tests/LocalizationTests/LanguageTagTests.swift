import Testing

@testable import Localization

/// BCP 47 well-formedness as the language variants check it (issue 27): every tag Apple's
/// locales use is taken, and each malformed one is refused with what is wrong.
@Suite struct LanguageTagTests {
    @Test(arguments: [
        "cs", "vi", "en", "pt-BR", "zh-Hans", "zh-Hant-TW", "es-419", "sr-Latn-RS", "de-CH-1996",
        "en-US-u-ca-gregory", "cs-x-test", "fil", "CS", "yue-Hant",
    ])
    func wellFormedTagsPass(tag: String) {
        #expect(LanguageTag.problem(tag) == nil)
    }

    @Test(arguments: [
        ("", "must not be empty"), ("pt_BR", "ASCII letters"), ("č", "ASCII letters"),
        ("e", "2 or 3 letters"),
        ("1cs", "2 or 3 letters"), ("cs-", "empty subtag"), ("cs--CZ", "empty subtag"),
        ("cs-CZ-CZ", "is not a script"), ("en-u", "has no subtag"), ("en-x", "has no subtag"),
        ("abcdefghi", "2 or 3 letters"), (String(repeating: "a", count: 70), "at most 64"),
    ])
    func malformedTagsSayWhy(tag: String, says: String) throws {
        let problem = try #require(LanguageTag.problem(tag))
        #expect(problem.contains(says))
    }
}
