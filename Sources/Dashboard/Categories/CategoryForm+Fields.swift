import HTTPKit
import NotificationKit

/// Reading the posted category form: one named field at a time into its typed place.
///
/// Action rows are named `actions[N][field]`; rows come back in ascending `N` (the numbers need
/// not be contiguous: a script may have removed rows) and are renumbered from 0 when shown again.
extension CategoryForm {
    /// iOS shows at most 10 actions; room for drafting beyond that, but not for thousands of rows
    /// (rendering them back is the expensive part of a form request).
    static let maximumRows = 50

    /// The form and the button that sent it. Unknown field names are ignored (a browser sends
    /// only what the page has); an unknown option or button value is a 400 naming the field.
    static func decode(_ fields: FormFields) throws(HTTPError) -> (
        form: CategoryForm, intent: CategoryFormIntent
    ) {
        var form = CategoryForm()
        var rows: [Int: CategoryFormAction] = [:]
        for field in fields {
            if let (index, key) = actionField(field.name) {
                var row = rows[index] ?? CategoryFormAction()
                try row.set(key, to: field.value, named: field.name)
                rows[index] = row
                continue
            }
            switch field.name {
            case "identifier": form.identifier = field.value
            case "intentIdentifiers": form.intentIdentifiers = field.value
            case "hiddenPreviewsBodyPlaceholder": form.hiddenPreviewsBodyPlaceholder = field.value
            case "categorySummaryFormat": form.categorySummaryFormat = field.value
            case "revision": form.revision = field.value
            case "options": form.options.insert(try option(field.value, named: field.name))
            default: break
            }
        }
        guard rows.count <= Self.maximumRows else {
            throw HTTPError(
                .tooManyActions,
                message: "The form has \(rows.count) action rows; it takes at most \(Self.maximumRows).")
        }
        let posted = rows.keys.sorted()
        form.actions = posted.compactMap { rows[$0] }
        return (form, try intent(fields["intent"], postedRows: posted))
    }

    /// `(N, field)` for a name `actions[N][field]`, nil for any other name.
    static func actionField(_ name: String) -> (index: Int, key: String)? {
        guard name.hasPrefix("actions["), name.hasSuffix("]") else { return nil }
        let inner = name.dropFirst("actions[".count).dropLast()
        guard let close = inner.firstIndex(of: "]") else { return nil }
        let digits = inner[..<close]
        let rest = inner[inner.index(after: close)...]
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCIIDigit), let index = Int(digits),
            rest.hasPrefix("["), !rest.dropFirst().contains("]")
        else { return nil }
        return (index, String(rest.dropFirst()))
    }

    private static func intent(_ value: String?, postedRows: [Int]) throws(HTTPError) -> CategoryFormIntent {
        switch value {
        case nil, "save": return .save
        case "add-action": return .addAction
        case let value? where value.hasPrefix("remove-action-"):
            let number = Int(value.dropFirst("remove-action-".count))
            guard let number, let position = postedRows.firstIndex(of: number) else {
                throw HTTPError(.formIntent, message: "There is no action row \"\(value)\" to remove.")
            }
            return .removeAction(position)
        case let value?:
            throw HTTPError(.formIntent, message: "The button \"\(value)\" is not one this form has.")
        }
    }

    private static func option(_ value: String, named name: String) throws(HTTPError) -> CategoryOption {
        guard let option = CategoryOption(rawValue: value) else {
            throw unknownOption(value, named: name, known: CategoryOption.allCases.map(\.rawValue))
        }
        return option
    }

    /// A 400 for an option value no checkbox of the form has.
    static func unknownOption(_ value: String, named name: String, known: [String]) -> HTTPError {
        HTTPError(
            .formOption,
            message:
                "The field \"\(name)\" has the unknown option \"\(value)\"; known: \(known.joined(separator: ", "))."
        )
    }
}

extension CategoryFormAction {
    /// Sets the row's field `key` (from `actions[N][key]`); unknown keys are ignored.
    mutating func set(_ key: String, to value: String, named name: String) throws(HTTPError) {
        switch key {
        case "identifier": identifier = value
        case "title": title = value
        case "textInput": hasTextInput = true
        case "buttonTitle": buttonTitle = value
        case "placeholder": placeholder = value
        case "systemImageName": systemImageName = value
        case "templateImageName": templateImageName = value
        case "options":
            guard let option = ActionOption(rawValue: value) else {
                throw CategoryForm.unknownOption(
                    value, named: name, known: ActionOption.allCases.map(\.rawValue))
            }
            options.insert(option)
        default: break
        }
    }
}

extension Character {
    /// ASCII `0`–`9` only: `Int("٣")` would fail anyway, but the check keeps names plain.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) && isASCII }
}
