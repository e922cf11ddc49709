/// A BCP 47 language tag as Apple platforms and String Catalogs use them (`cs`, `pt-BR`,
/// `zh-Hans`, `es-419`, `sr-Latn-RS`): checked for well-formedness, so a variant or a query
/// that names a language is refused with what is wrong rather than stored and never matched.
///
/// The grammar checked is RFC 5646's `langtag` without extlang and grandfathered tags, which
/// no Apple locale uses: language (2–3 or 5–8 letters), then an optional script (4 letters),
/// region (2 letters or 3 digits), variants (5–8 alphanumerics, or a digit and 3), extensions
/// (a singleton and 2–8 alphanumerics) and a private use part (`x-` and 1–8 alphanumerics).
public enum LanguageTag {
    /// The longest tag accepted; real ones are far shorter, this bounds what an error quotes.
    public static let maximumLength = 64

    /// Why `text` is not a well-formed language tag, or nil when it is.
    public static func problem(_ text: String) -> String? {
        guard !text.isEmpty else { return "a language tag must not be empty" }
        guard text.utf8.count <= maximumLength else {
            return "a language tag is at most \(maximumLength) characters long"
        }
        guard text.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") }) else {
            return "a language tag has only ASCII letters, digits and \"-\" (\"pt-BR\", not \"pt_BR\")"
        }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false).map { Array($0.utf8) }
        if subtags.contains(where: \.isEmpty) { return "a language tag has no empty subtag" }
        let language = subtags[0]
        guard language.allSatisfy(isLetter), [2, 3, 5, 6, 7, 8].contains(language.count) else {
            return "a language tag starts with a language code of 2 or 3 letters (\"cs\", \"vi\")"
        }
        return problem(after: subtags.dropFirst())
    }

    /// Whether `text` is well-formed.
    public static func isWellFormed(_ text: String) -> Bool {
        problem(text) == nil
    }

    /// What is wrong with the subtags after the language, in the order they must come.
    private static func problem(after rest: ArraySlice<[UInt8]>) -> String? {
        var rest = rest
        if let script = rest.first, script.count == 4, script.allSatisfy(isLetter) { rest.removeFirst() }
        if let region = rest.first,
            (region.count == 2 && region.allSatisfy(isLetter))
                || (region.count == 3 && region.allSatisfy(isDigit))
        {
            rest.removeFirst()
        }
        while let variant = rest.first, isVariant(variant) { rest.removeFirst() }
        while let singleton = rest.first, singleton.count == 1 {
            let isPrivateUse = singleton[0] | 0x20 == UInt8(ascii: "x")
            rest.removeFirst()
            let limits = isPrivateUse ? 1...8 : 2...8
            var count = 0
            while let part = rest.first, limits.contains(part.count), part.count > 1 || isPrivateUse {
                rest.removeFirst()
                count += 1
            }
            if count == 0 {
                return "the extension \"\(String(decoding: singleton, as: UTF8.self))-\" has no subtag"
            }
            if isPrivateUse { break }
        }
        guard let extra = rest.first else { return nil }
        return
            "\"\(String(decoding: extra, as: UTF8.self))\" is not a script (4 letters), region (2 letters or 3 digits) or variant where it stands"
    }

    private static func isVariant(_ subtag: [UInt8]) -> Bool {
        (5...8).contains(subtag.count) || (subtag.count == 4 && isDigit(subtag[0]))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte)
    }
}
