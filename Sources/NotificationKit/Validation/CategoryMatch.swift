/// How a payload's `category` relates to the registered identifiers: the one rule "do two
/// category identifiers match", shared by the validator's messages and the composer's
/// "Use `message`" fix, so the two can never disagree.
///
/// iOS compares identifiers as literal NSStrings: byte for byte, so NFC "é" and NFD "e\u{301}"
/// differ although Swift's String equality (canonical equivalence) calls them equal.
public enum CategoryMatch: Sendable, Equatable {
    /// Registered exactly, byte for byte.
    case registered
    /// Registered only when case is ignored; the associated value is the registered spelling.
    case caseMismatch(String)
    /// Registered with other Unicode code points (NFC versus NFD); the registered spelling.
    case otherNormalization(String)
    /// Not registered; a near registered identifier when one is close.
    case unregistered(suggestion: String?)

    /// Matches `category` against `registered`.
    public init(_ category: String, among registered: [String]) {
        if registered.contains(where: { $0.utf8.elementsEqual(category.utf8) }) {
            self = .registered
            return
        }
        let lowered = category.lowercased()
        if let match = registered.first(where: { $0.lowercased().utf8.elementsEqual(lowered.utf8) }) {
            self = .caseMismatch(match)
        } else if let match = registered.first(where: { $0.lowercased() == lowered }) {
            self = .otherNormalization(match)
        } else {
            self = .unregistered(suggestion: KeySuggestion.suggestion(for: category, among: registered))
        }
    }

    /// The registered identifier the payload most likely meant; nil when it is registered or
    /// nothing is close.
    public var registeredSpelling: String? {
        switch self {
        case .registered: nil
        case .caseMismatch(let match), .otherNormalization(let match): match
        case .unregistered(let suggestion): suggestion
        }
    }
}
