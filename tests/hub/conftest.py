"""The class hub's tests share one hub and one browser, started once (tests/helpers/class_hub.py,
tests/helpers/real_browser.py)."""

from class_hub import (  # noqa: F401  (fixtures)
    a_certificate,
    a_page_of_the_hub,
    building_the_teachers_course,
    course_repository,
    hub_state_folder,
    running_class_hub,
    served_course,
    system_accounts,
    the_hub_with_everyone_signed_up,
    the_teachers_course,
)
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    browser_context_args,
    browser_type_launch_args,
    chromium_executable,
    pytest_configure,
)
