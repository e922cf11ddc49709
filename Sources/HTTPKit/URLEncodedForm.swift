/// Decodes `application/x-www-form-urlencoded` text (HTML forms and query strings): pairs split on `&`,
/// `+` is a space, `%XX` is a byte, and the result must be UTF-8.
public enum URLEncodedForm {
    /// Decodes every pair, collecting one error per faulty field instead of stopping at the first.
    public static func decode(_ encoded: some Collection<UInt8>) throws(FormDecodingError) -> FormFields {
        var fields: [FormFields.Field] = []
        var errors: [FormDecodingError.FieldError] = []
        for pair in encoded.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let rawName = pair[pair.startIndex..<(equals ?? pair.endIndex)]
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...]
            let name: String
            switch PercentDecoding.string(of: rawName, plusIsSpace: true) {
            case .success(let decoded):
                name = decoded
            case .failure(let failure):
                let shown = String(decoding: rawName, as: UTF8.self)
                errors.append(.init(field: shown, message: "The field name \"\(shown)\" \(failure)."))
                continue
            }
            switch PercentDecoding.string(of: rawValue, plusIsSpace: true) {
            case .success(let value):
                fields.append(.init(name: name, value: value))
            case .failure(let failure):
                errors.append(.init(field: name, message: "The value of \"\(name)\" \(failure)."))
            }
        }
        guard errors.isEmpty else { throw FormDecodingError(fieldErrors: errors) }
        return FormFields(fields)
    }

    /// Decodes form text given as a string, for example a query string already split from its path.
    public static func decode(_ encoded: String) throws(FormDecodingError) -> FormFields {
        try decode(Array(encoded.utf8))
    }
}
