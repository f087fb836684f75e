// Our own port of what CANN's C++ suite (tests/ut/error_manager/testcase/
// error_manager_unittest.cc) checks through the public API, on our own
// inputs and catalog, without gtest: each function below is one of its
// cases; check.h counts failures and main returns their number.
#include <string>
#include <vector>

#include "base/err_mgr.h"
#include "base/err_msg.h"
#include "error_manager.h"
#include "check.h"

namespace {

// A catalog of our own, registered as a user registers one at run time.
const char kCatalog[] = R"({"error_info_list": [
  {"errClass": "Model Errors", "errTitle": "Invalid_Model_Argument", "ErrCode": "EZ4001",
   "ErrMessage": "Model %s has an invalid %s: %s", "Arglist": "model,field,why",
   "suggestion": {"Possible Cause": "N/A", "Solution": "Check the model file."}},
  {"errClass": "Model Errors", "errTitle": "Model_Load_Failed", "ErrCode": "EZ4002",
   "ErrMessage": "Model loading failed.", "Arglist": "",
   "suggestion": {"Possible Cause": "The file is truncated.", "Solution": "Convert the model again."}}
]})";

std::string Taken()
{
    const auto text = error_message::GetErrMgrErrorMessage();
    return text == nullptr ? std::string() : std::string(text.get());
}

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void UserDefinedCodes()
{
    // (IsUserDefinedErrorCode is private: what it decides shows in the text.)
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU0417", "cache %s is stale", "c0"), 0);
    std::string text = Taken();
    CHECK(Has(text, "(EU0417): cache c0 is stale"));

    // Codes it does not keep are reported as EU0000, the message intact.
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU8888", "%s", "eight"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU9999", "%s", "nine"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EZ4001", "%s", "predefined"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU12", "%s", "short"), 0);
    CHECK_INT(error_message::ReportUserDefinedErrMsg("", "%s", "empty"), 0);
    text = Taken();
    CHECK(Has(text, "(EU0000): eight\n"));
    for (const char* message : {"nine", "predefined", "short", "empty"}) {
        CHECK(Has(text, std::string("        ") + message + "\n"));
    }
    CHECK(!Has(text, "EU8888") && !Has(text, "EU9999"));

    // 1,024 bytes with the NUL at most: a longer message is refused.
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU0417", "%s", std::string(1024, 'x').c_str()), -1);
    CHECK_STR(Taken().c_str(), "");
}

void PredefinedAndRawItems()
{
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ4001", {"why", "model", "field"}, {"negative", "m.om", "batch"}), 0);
    std::vector<error_message::ErrMsgRawItem> items = error_message::GetErrMgrRawErrorMessages();
    if (CHECK_INT(items.size(), 1)) {
        CHECK_STR(items[0].error_id.get(), "EZ4001");
        CHECK_STR(items[0].error_title.get(), "Invalid_Model_Argument");
        CHECK_STR(items[0].error_message.get(), "Model m.om has an invalid batch: negative");
        CHECK_STR(items[0].possible_cause.get(), "N/A");
        CHECK_STR(items[0].solution.get(), "Check the model file.");
        // By name, as a std::map orders them.
        if (CHECK_INT(items[0].args_key.size(), 3) && CHECK_INT(items[0].args_value.size(), 3)) {
            CHECK_STR(items[0].args_key[0].get(), "field");
            CHECK_STR(items[0].args_value[0].get(), "batch");
            CHECK_STR(items[0].args_key[2].get(), "why");
            CHECK_STR(items[0].args_value[2].get(), "negative");
        }
    }
    CHECK(error_message::GetErrMgrRawErrorMessages().empty());

    // Keys and values of different lengths: refused, nothing stored.
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ4001", {"model", "field", "why"}, {"m.om"}), -1);
    CHECK_STR(Taken().c_str(), "");

    // A template without arguments, with and without the empty lists.
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ4002"), 0);
    const std::string text = Taken();
    CHECK(Has(text, "Model_Load_Failed(EZ4002): Model loading failed.\n"
                    "        Possible Cause: The file is truncated.\n"
                    "        Solution: Convert the model again.\n"));
}

void InnerMessages()
{
    REPORT_INNER_ERR_MSG("EZ8888", "shape %d < %d", 1, 2);
    (void)error_message::ReportInnerErrMsg("f.cc", "Load", 7, "EZ9999", "%s", "loader stopped");
    const std::string text = Taken();
    CHECK(Has(text, "shape 1 < 2"));
    CHECK(Has(text, "loader stopped[FUNC:Load][FILE:f.cc][LINE:7]"));
    // Too long: nothing stored.
    REPORT_INNER_ERR_MSG("EZ9999", "%s", std::string(2000, 'y').c_str());
    CHECK_STR(Taken().c_str(), "");
}

void RegisteredTextsTakePrecedence()
{
    const char later[] = R"({"error_info_list": [{"errTitle": "Model_Load_Failed", "ErrCode": "EZ4002",
        "ErrMessage": "Model loading failed again.", "Arglist": "",
        "suggestion": {"Possible Cause": "N/A", "Solution": "Registered later, wins."}}]})";
    CHECK_INT(error_message::RegisterFormatErrorMessage(later, sizeof later - 1), 0);
    CHECK_INT(error_message::ReportPredefinedErrMsg("EZ4002"), 0);
    const std::string text = Taken();
    CHECK(Has(text, "Model loading failed again.\n        Solution: Registered later, wins.\n"));
    CHECK(!Has(text, "Possible Cause"));
    // Not JSON: refused.
    CHECK_INT(error_message::RegisterFormatErrorMessage("{", 1), -1);
}

void WorkStreamsKeepTheirOwn()
{
    error_message::SetErrMgrContext(error_message::ErrorManagerContext{4242});
    CHECK_INT(error_message::ReportUserDefinedErrMsg("EU0001", "%s", "in 4242"), 0);
    error_message::SetErrMgrContext(error_message::ErrorManagerContext{0});
    CHECK_STR(Taken().c_str(), "");
    error_message::SetErrMgrContext(error_message::ErrorManagerContext{4242});
    CHECK(Has(Taken(), "in 4242"));
    error_message::SetErrMgrContext(error_message::ErrorManagerContext{0});
}

void WarningsApart()
{
    const char warnings[] = R"({"error_info_list": [{"errTitle": "Slow_Path", "ErrCode": "WZ4003",
        "ErrMessage": "Operator %s takes the slow path.", "Arglist": "op"}]})";
    CHECK_INT(error_message::RegisterFormatErrorMessage(warnings, sizeof warnings - 1), 0);
    CHECK_INT(error_message::ReportPredefinedErrMsg("WZ4003", {"op"}, {"Conv2D"}), 0);
    CHECK_STR(Taken().c_str(), "");
    const auto text = error_message::GetErrMgrWarningMessage();
    CHECK(text != nullptr && Has(text.get(), "Slow_Path(WZ4003): Operator Conv2D takes the slow path.\n"));
}

}  // namespace

int main()
{
    CHECK_INT(error_message::RegisterFormatErrorMessage(kCatalog, sizeof kCatalog - 1), 0);
    UserDefinedCodes();
    PredefinedAndRawItems();
    InnerMessages();
    RegisteredTextsTakePrecedence();
    WorkStreamsKeepTheirOwn();
    WarningsApart();
    return check_status("cann_cpp_suite");
}
