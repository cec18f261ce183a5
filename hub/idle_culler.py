"""The class hub's idle culler (a service of hub/jupyterhub_config.py): jupyterhub-idle-culler,
less its one start-up line a teacher cannot act on.

At every start the culler tries tornado's curl client and, without pycurl, says "Could not load
pycurl ... recommended if you have a large number of users". A class (up to a hundred students,
culled every ten minutes) is not such a number: tornado's own client, which it then uses, serves
it. Every other line of the culler is kept.

    python hub/idle_culler.py --timeout=3600 --cull-every=600
"""

import logging

from jupyterhub_idle_culler import main


class WithoutPycurlNotice(logging.Filter):
    """Passes every record but the culler's notice that pycurl is missing."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Could not load pycurl")


if __name__ == "__main__":
    logging.getLogger("IdleCuller").addFilter(WithoutPycurlNotice())
    main()
