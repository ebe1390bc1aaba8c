/**
 * The open-loop load of the service benchmark ({@code benchmarks/run service}): a Gatling simulation that sends
 * requests to an example service at a fixed rate.
 */
package io.ringlog.examples.load;
