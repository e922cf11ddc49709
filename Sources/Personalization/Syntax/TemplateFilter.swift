/// The filters the template language has (docs/templates.md, "Filters"); any other name is
/// `template.filter.unknown`.
public enum TemplateFilter: Sendable, Hashable {
    /// `default: "text"`: the text when the value is absent or empty.
    case defaultValue(String)
    /// `upcase`: every letter upper case.
    case upcase
    /// `downcase`: every letter lower case.
    case downcase
    /// `capitalize`: the first character upper case, the rest lower case (as Liquid does).
    case capitalize
    /// `truncate: N`: at most N characters, the last one `…` when cut.
    case truncate(Int)
    /// `truncatewords: N`: at most N words, followed by `…` when cut.
    case truncateWords(Int)
    /// `replace: "from", "to"`: every occurrence of `from` replaced.
    case replace(String, String)
    /// `date: "%d.%m.%Y"`: a date value in one of the fixed formats.
    case date(DateFormat)

    /// The filter's name as written in a template.
    public var name: String {
        switch self {
        case .defaultValue: "default"
        case .upcase: "upcase"
        case .downcase: "downcase"
        case .capitalize: "capitalize"
        case .truncate: "truncate"
        case .truncateWords: "truncatewords"
        case .replace: "replace"
        case .date: "date"
        }
    }

    /// Every filter name, for the unknown-filter message.
    public static let names = [
        "default", "upcase", "downcase", "capitalize", "truncate", "truncatewords", "replace", "date",
    ]
}

extension TemplateFilter {
    /// The filter named `name` with `arguments` (strings or integers as written), or why not.
    static func make(_ name: String, _ arguments: [TagToken.Literal]) -> Result<
        TemplateFilter, TemplateProblem
    > {
        func text(_ index: Int) -> String? {
            guard index < arguments.count, case .text(let value) = arguments[index] else { return nil }
            return value
        }
        func count(_ index: Int) -> Int? {
            guard index < arguments.count, case .integer(let value) = arguments[index], value > 0 else {
                return nil
            }
            return value
        }
        let wants: (Int, String)
        switch name {
        case "upcase", "downcase", "capitalize": wants = (0, "no argument")
        case "default", "date": wants = (1, "one text argument")
        case "truncate", "truncatewords": wants = (1, "one whole number above 0")
        case "replace": wants = (2, "two text arguments")
        default:
            return .failure(
                TemplateProblem(
                    "unknown filter \"\(name)\"; the filters are \(Self.names.joined(separator: ", "))"))
        }
        let failure = Result<TemplateFilter, TemplateProblem>.failure(
            TemplateProblem("\(name) takes \(wants.1)"))
        guard arguments.count == wants.0 else { return failure }
        switch name {
        case "upcase": return .success(.upcase)
        case "downcase": return .success(.downcase)
        case "capitalize": return .success(.capitalize)
        case "default": return text(0).map { .success(.defaultValue($0)) } ?? failure
        case "truncate": return count(0).map { .success(.truncate($0)) } ?? failure
        case "truncatewords": return count(0).map { .success(.truncateWords($0)) } ?? failure
        case "replace":
            guard let from = text(0), let to = text(1), !from.isEmpty else { return failure }
            return .success(.replace(from, to))
        default:
            guard let pattern = text(0) else { return failure }
            guard let format = DateFormat(rawValue: pattern) else {
                return .failure(
                    TemplateProblem(
                        "date format \"\(pattern)\" is not one of "
                            + DateFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")))
            }
            return .success(.date(format))
        }
    }
}
