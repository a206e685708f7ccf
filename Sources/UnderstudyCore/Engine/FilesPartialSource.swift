import Foundation
import UnderstudyTemplating

/// `{{> name}}` partials read from `__files`: the file `name`, else `name.hbs` (Handlebars.java's
/// suffix), confined to `__files` as body files are, and parsed through the templater's cache.
struct FilesPartialSource: TemplatePartialSource {
    let files: FilesDirectory
    let cache: TemplateCache

    func partial(named name: String) throws(TemplateError) -> Template? {
        for candidate in [name, name + ".hbs"] {
            guard let data = try? files.read(candidate) else { continue }
            guard let text = String(data: data, encoding: .utf8) else { return nil }
            return try cache.template(text)
        }
        return nil
    }
}
