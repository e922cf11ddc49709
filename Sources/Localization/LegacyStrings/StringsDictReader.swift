/// Reads a `Localizable.stringsdict` into localized values: a key's `NSStringLocalizedFormatKey`
/// becomes its text, each `%#@name@` variable a substitution with its plural cases (the
/// variable's own specifier written `%arg`, as Xcode migrates it), and
/// `NSStringDeviceSpecificRuleType` a device variation.
public struct StringsDictReader: Sendable {
    /// A reader.
    public init() {}

    /// The keys of the file `bytes` with their values, in order; `file` names it in problems.
    public func read(_ bytes: [UInt8], file: String? = nil) throws(CatalogReadError) -> [(
        key: String, value: LocalizedValue
    )] {
        guard let text = StringsFileText.decode(bytes) else {
            throw CatalogReadError([
                CatalogProblem(file: file, line: 1, column: 1, message: "the file is not UTF-8")
            ])
        }
        var reader = PropertyListReader(text, file: file)
        guard case .dictionary(let keys, let line, let column) = try reader.read() else {
            throw CatalogReadError([
                CatalogProblem(file: file, line: 1, column: 1, message: "the property list is not a <dict>")
            ])
        }
        var result: [(key: String, value: LocalizedValue)] = []
        for (key, entry) in keys {
            guard case .dictionary(let fields, let entryLine, let entryColumn) = entry else {
                throw CatalogReadError([
                    CatalogProblem(
                        file: file, line: line, column: column, message: "\"\(key)\" is not a <dict>")
                ])
            }
            if let device = entry["NSStringDeviceSpecificRuleType"] {
                result.append(
                    (key, LocalizedValue(variations: [variationSet("device", device, argument: nil)])))
                continue
            }
            guard let format = entry["NSStringLocalizedFormatKey"]?.text else {
                let message = "\"\(key)\" has no NSStringLocalizedFormatKey"
                throw CatalogReadError([
                    CatalogProblem(file: file, line: entryLine, column: entryColumn, message: message)
                ])
            }
            var value = LocalizedValue.text(format)
            let numbers = Self.argumentNumbers(format)
            for (name, variable) in fields where name != "NSStringLocalizedFormatKey" {
                let specifier = variable["NSStringFormatValueTypeKey"]?.text
                value.substitutions.append(
                    Substitution(
                        name: name, argumentNumber: numbers[name], formatSpecifier: specifier,
                        variations: [variationSet("plural", variable, argument: specifier)]))
            }
            result.append((key, value))
        }
        return result
    }

    private func variationSet(_ kind: String, _ rule: PropertyListValue, argument: String?) -> VariationSet {
        guard case .dictionary(let cases, _, _) = rule else { return VariationSet(kind: kind, cases: []) }
        let names = kind == "plural" ? ["zero", "one", "two", "few", "many", "other"] : nil
        return VariationSet(
            kind: kind,
            cases: cases.compactMap { name, value in
                guard names?.contains(name) ?? true, let text = value.text else { return nil }
                let written = argument.map { text.replacingEvery("%" + $0, with: "%arg") } ?? text
                return Variation(name: name, value: .text(written))
            })
    }

    /// The argument each `%#@name@` of the format reads: its `%n$` position, else its order
    /// among the specifiers.
    static func argumentNumbers(_ format: String) -> [String: Int] {
        var numbers: [String: Int] = [:]
        var next = 1
        for token in FormatParser.tokens(format) {
            switch token {
            case .specifier(let specifier): next = (specifier.position ?? next) + 1
            case .substitution(let name, let position, _):
                numbers[name] = position ?? next
                next = (position ?? next) + 1
            default: continue
            }
        }
        return numbers
    }
}

extension String {
    /// The text with every occurrence of `target` replaced.
    func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
