import JSON
import Personalization
import Testing

/// Every tag and filter of the template language, rendered from a table.
@Suite struct TemplateRenderTests {
    static let values: [String: String] = [
        "first_name": "anna", "order.id": "A-7731", "store": "Dubai Mall", "when": "2026-12-07T18:30Z",
        "seconds": "1796668200", "tier": "gold", "empty": "", "words": "one two three four",
    ]

    @Test(arguments: [
        ("Hi {{ first_name }}", "Hi anna"),
        ("{{first_name}}!", "anna!"),
        ("Order #{{ order.id }}", "Order #A-7731"),
        ("{{ missing | default: \"there\" }}", "there"),
        ("{{ empty | default: 'friend' }}", "friend"),
        ("{{ first_name | default: \"x\" }}", "anna"),
        ("{{ first_name | upcase }}", "ANNA"),
        ("{{ store | downcase }}", "dubai mall"),
        ("{{ first_name | capitalize }}", "Anna"),
        ("{{ store | upcase | capitalize }}", "Dubai mall"),
        ("{{ store | truncate: 6 }}", "Dubai…"),
        ("{{ store | truncate: 10 }}", "Dubai Mall"),
        ("{{ store | truncate: 1 }}", "…"),
        ("{{ words | truncatewords: 2 }}", "one two…"),
        ("{{ words | truncatewords: 4 }}", "one two three four"),
        ("{{ store | replace: \"Mall\", \"Centre\" }}", "Dubai Centre"),
        ("{{ when | date: \"%d.%m.%Y\" }}", "07.12.2026"),
        ("{{ when | date: \"%B %-d, %Y\" }}", "December 7, 2026"),
        ("{{ when | date: \"%a %-d %b\" }}", "Mon 7 Dec"),
        ("{{ when | date: \"%I:%M %p\" }}", "06:30 PM"),
        ("{{ seconds | date: \"%Y-%m-%d %H:%M\" }}", "2026-12-07 18:30"),
        ("{% if tier %}VIP{% endif %}", "VIP"),
        ("{% if missing %}VIP{% else %}guest{% endif %}", "guest"),
        ("{% if tier == \"gold\" %}Gold{% else %}Other{% endif %}", "Gold"),
        ("{% if tier == 'silver' %}Silver{% else %}Other{% endif %}", "Other"),
        ("{% if empty %}x{% else %}none{% endif %}", "none"),
        ("{% if tier %}{% if first_name %}{{ first_name }}{% endif %}{% endif %}", "anna"),
        ("no tags } { here", "no tags } { here"),
    ])
    func rendersEveryTagAndFilter(source: String, expected: String) throws {
        let text = try TemplateText(parsing: source)
        #expect(text.render { Self.values[$0] } == expected)
    }

    @Test func plainStringsStayPlain() throws {
        #expect(try TemplateText(parsing: "Hello {world}").isPlain)
        #expect(try !TemplateText(parsing: "Hello {{ x }}").isPlain)
    }
}

/// Every fault of the template syntax, with its code, line and column.
@Suite struct TemplateSyntaxErrorTests {
    @Test(arguments: [
        ("Hi {{ first_name", TemplateCode.syntax, 1, 17),
        ("{{ }}", .syntax, 1, 1),
        ("{{ a | }}", .syntax, 1, 1),
        ("{{ a b }}", .syntax, 1, 6),
        ("{{ a | shout }}", .filterUnknown, 1, 8),
        ("{{ a | truncate }}", .filterArgument, 1, 8),
        ("{{ a | truncate: 0 }}", .filterArgument, 1, 8),
        ("{{ a | truncate: \"x\" }}", .filterArgument, 1, 8),
        ("{{ a | replace: \"x\" }}", .filterArgument, 1, 8),
        ("{{ a | upcase: 3 }}", .filterArgument, 1, 8),
        ("{{ a | date: \"%s\" }}", .filterArgument, 1, 8),
        ("{{ a | default: \"open }}", .syntax, 1, 17),
        ("line one\n  {% if a %}x", .tagUnclosed, 2, 3),
        ("{% else %}", .tagUnclosed, 1, 1),
        ("{% endif %}", .tagUnclosed, 1, 1),
        ("{% if a %}{% else %}{% else %}{% endif %}", .tagUnclosed, 1, 21),
        ("{% for x in list %}{% endfor %}", .tagUnknown, 1, 1),
        ("{% include 'x' %}", .tagUnknown, 1, 1),
        ("{% if a = \"b\" %}{% endif %}", .syntax, 1, 9),
        ("{% if a == %}{% endif %}", .syntax, 1, 9),
        ("{%- if a -%}", .syntax, 1, 3),
        ("{% %}", .syntax, 1, 1),
    ])
    func reportsEveryFault(source: String, code: TemplateCode, line: Int, column: Int) {
        #expect(throws: TemplateSyntaxError.self) { try TemplateText(parsing: source) }
        do {
            _ = try TemplateText(parsing: source)
        } catch {
            #expect(error.code == code)
            #expect(error.location == TemplateLocation(line: line, column: column), "\(error.message)")
        }
    }
}
