// swift-format-ignore-file
//  HarborFerryLiveActivity.swift — written for Pushboard's import tests in the shape of the
//  file Xcode's Widget Extension template makes: attributes, the widget, previews.

import ActivityKit
import WidgetKit
import SwiftUI

struct HarborFerryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        // Dynamic stateful properties about your activity go here!
        var pier: String
    }

    // Fixed non-changing properties about your activity go here!
    var route: String
}

struct HarborFerryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: HarborFerryAttributes.self) { context in
            VStack {
                Text("Boarding at \(context.state.pier)")
            }
            .activityBackgroundTint(Color.cyan)
            .activitySystemActionForegroundColor(Color.black)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Text("Leading")
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text("Trailing")
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text("Bottom \(context.state.pier)")
                }
            } compactLeading: {
                Text("L")
            } compactTrailing: {
                Text("T \(context.state.pier.prefix(1))")
            } minimal: {
                Text(context.state.pier)
            }
            .widgetURL(URL(string: "https://example.com/ferry?route=\(context.attributes.route)"))
            .keylineTint(Color.red)
        }
    }
}

extension HarborFerryAttributes {
    fileprivate static var preview: HarborFerryAttributes {
        HarborFerryAttributes(route: "North Shore")
    }
}

extension HarborFerryAttributes.ContentState {
    fileprivate static var pierOne: HarborFerryAttributes.ContentState {
        HarborFerryAttributes.ContentState(pier: "Pier 1")
     }

     fileprivate static var pierTwo: HarborFerryAttributes.ContentState {
         HarborFerryAttributes.ContentState(pier: "Pier 2")
     }
}

#Preview("Notification", as: .content, using: HarborFerryAttributes.preview) {
   HarborFerryLiveActivity()
} contentStates: {
    HarborFerryAttributes.ContentState.pierOne
    HarborFerryAttributes.ContentState.pierTwo
}
