extension TemplateRenderer {
    /// Partials may include partials, but not without end: a partial that includes itself stops here.
    static let maximumPartialDepth = 32

    /// Renders `{{> name}}` in place: with the current context (or the one given), and hash
    /// arguments as names the partial can read, as Handlebars does.
    func renderPartial(_ call: TemplatePartialCall) throws(RenderFailure) -> String {
        let name = try evaluate(call.name).text
        guard let source = environment.partials else {
            throw RenderFailure(
                message: "no partials are available here (looking for '\(name)')", position: call.position)
        }
        let template: Template?
        do {
            template = try source.partial(named: name)
        } catch {
            throw RenderFailure(message: "partial '\(name)': \(error.message)", position: call.position)
        }
        guard let template else {
            throw RenderFailure(message: "the partial '\(name)' could not be found", position: call.position)
        }
        guard partialDepth < Self.maximumPartialDepth else {
            throw RenderFailure(
                message: "partials nest more than \(Self.maximumPartialDepth) deep (at '\(name)')",
                position: call.position)
        }
        let top = frames[frames.count - 1]
        var context = top.context
        if let given = call.context { context = try evaluate(given) }
        var frame = Frame(context: context, data: top.data)
        for (key, value) in call.hash { frame.blockParams[key] = try evaluate(value) }
        partialDepth += 1
        defer { partialDepth -= 1 }
        return try renderNodes(template.nodes, frame: frame)
    }
}
