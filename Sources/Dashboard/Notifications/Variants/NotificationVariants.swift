import JSON
import Localization
import NotificationKit

/// The per-language variants of a saved notification (issue 27): the title, subtitle and body
/// in other languages, each keyed by its BCP 47 tag; the rest of the payload is shared.
///
/// The store keeps them as the JSON object text `value` writes (`{"cs": {"title": "…",
/// "body": "…"}}`), with every revision; a variant's payload is the notification's payload with
/// its alert texts put in (`payload(of:base:)`), validated and previewed on its own.
struct NotificationVariants: Equatable, Sendable {
    /// The texts of one language; an empty text is one the variant does not give (the base
    /// payload's stays, so the recipient sees the base language there: "missing").
    struct Texts: Equatable, Sendable {
        var title = ""
        var subtitle = ""
        var body = ""

        /// The alert keys of a variant, in the order the API and the form list them.
        static let fields = ["title", "subtitle", "body"]

        subscript(field: String) -> String {
            get {
                switch field {
                case "title": title
                case "subtitle": subtitle
                default: body
                }
            }
            set {
                switch field {
                case "title": title = newValue
                case "subtitle": subtitle = newValue
                default: body = newValue
                }
            }
        }

        var isEmpty: Bool { title.isEmpty && subtitle.isEmpty && body.isEmpty }
    }

    /// The most variants one notification holds: more languages than any app ships.
    static let maximumCount = 60

    /// Each language with its texts, in the order they were given.
    var entries: [(tag: String, texts: Texts)] = []

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.map(\.tag) == rhs.entries.map(\.tag)
            && lhs.entries.map(\.texts) == rhs.entries.map(\.texts)
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The tags, in order.
    var tags: [String] { entries.map(\.tag) }

    /// The texts of `tag` (compared without regard to case, as BCP 47 tags are), or nil.
    func texts(of tag: String) -> Texts? {
        entries.first { $0.tag.lowercased() == tag.lowercased() }?.texts
    }

    /// `{"cs": {"title": …, "subtitle": …, "body": …}, …}`, empty texts left out.
    var value: JSONValue {
        var object = JSONObjectBuilder()
        for entry in entries {
            var texts = JSONObjectBuilder()
            for field in Texts.fields where !entry.texts[field].isEmpty {
                texts.set(field, entry.texts[field])
            }
            object.set(entry.tag, texts.value)
        }
        return object.value
    }

    /// The text the store keeps.
    var storedText: String { JSONWriter().string(value) }

    /// The variants of stored text; none when it does not read (the store only holds text the
    /// API or the composer checked, so that means a file edited by hand).
    init(storedText: String) {
        guard let root = JSONReader.apns.read(storedText).root else { return }
        self = (try? Self(root.value)) ?? Self()
    }

    init() {}

    init(entries: [(tag: String, texts: Texts)]) {
        self.entries = entries
    }

    /// The variants of a request body's `variants` member: an object whose keys are well-formed,
    /// distinct language tags and whose values are objects of string `title`, `subtitle`, `body`.
    init(_ value: JSONValue) throws(VariantError) {
        guard let members = value.objectMembers else {
            throw .notAnObject(
                "\"variants\" must be an object keyed by language tag: {\"cs\": {\"title\": …}}.")
        }
        guard members.count <= Self.maximumCount else {
            throw .notAnObject("\"variants\" holds at most \(Self.maximumCount) languages.")
        }
        for member in members {
            if let problem = LanguageTag.problem(member.key) {
                throw .badTag(member.key, problem)
            }
            if texts(of: member.key) != nil {
                throw .badTag(member.key, "the language is given twice (tags compare without regard to case)")
            }
            entries.append((member.key, try Self.texts(member)))
        }
    }

    private static func texts(_ member: JSONMember) throws(VariantError) -> Texts {
        guard let fields = member.value.value.objectMembers else {
            throw .notAnObject(
                "\"variants.\(member.key)\" must be an object with \"title\", \"subtitle\", \"body\".")
        }
        var texts = Texts()
        for field in fields {
            guard Texts.fields.contains(field.key) else {
                throw .notAnObject(
                    "\"variants.\(member.key).\(field.key)\" is not a text of a variant (expected title, subtitle, body)."
                )
            }
            guard let text = field.value.value.stringValue else {
                throw .notAnObject("\"variants.\(member.key).\(field.key)\" must be a string.")
            }
            texts[field.key] = text
        }
        return texts
    }
}

/// Why a `variants` member was refused.
enum VariantError: Error, Equatable {
    /// A key that is not a well-formed language tag, or one given twice, with why.
    case badTag(String, String)
    /// Any other shape problem, with the message to answer.
    case notAnObject(String)

    var message: String {
        switch self {
        case .badTag(let tag, let problem):
            "\"\(tag.prefix(LanguageTag.maximumLength))\" is not a language tag of \"variants\": \(problem)."
        case .notAnObject(let message): message
        }
    }
}
