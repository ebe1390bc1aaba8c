/**
 * A new Spring Boot service with only Ringlog's starter added, and a logging load that runs until it is stopped.
 */
package io.ringlog.examples.starter;
