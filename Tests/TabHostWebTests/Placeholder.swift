import Testing
import TabHostWeb
