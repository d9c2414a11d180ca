// Placeholder: replaced by the real example.
import TabModuleKit
